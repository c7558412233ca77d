import { describe, expect, it } from 'vitest';
import { judgeListing, parseListingLine, selectMcpServers } from './select-mcp-servers.ts';

// Lines as they appear in the package list (name, version, monthly downloads, summary).
const TSV = [
  'name\tversion\tdownloads_a_month\tsummary',
  '@modelcontextprotocol/sdk\t1.32.2\t86513438\tModel Context Protocol implementation for TypeScript',
  '@playwright/mcp\t0.0.83\t6293363\tPlaywright Tools for MCP',
  '@modelcontextprotocol/inspector\t2.12.0\t490586\tThe Model Context Protocol Inspector',
  'fastmcp\t4.20.16\t1050013\tA TypeScript framework for building MCP servers.',
  'mcp-remote\t0.15.1\t920137\tRemote proxy for Model Context Protocol, allowing local-only clients to connect to remote servers using oAuth',
  '@langchain/mcp-adapters\t1.1.4\t753477\tLangChain.js adapters for Model Context Protocol (MCP)',
  '@storybook/mcp\t10.6.0\t768804\tMCP server that serves knowledge about your components based on your Storybook stories and documentation',
  '@azure/mcp-linux-x64\t2.0.5\t114153\tAzure MCP Server - Model Context Protocol implementation for Azure, for linux on x64',
  '@salesforce/mcp-provider-dx-core\t0.9.8\t123142\tMCP provider for core Salesforce DX functionality',
  '@hono/mcp\t0.3.2\t340212\tMCP Middleware for Hono',
  '@modelcontextprotocol/server-google-maps\t0.6.2\t207113\tMCP server for using the Google Maps API',
  '@launchdarkly/mcp-server\t0.6.2\t93663\t',
  '@ai-sdk/mcp\t2.0.99\t1759021\t',
  '@dynatrace-oss/dynatrace-mcp-server\t2.1.2\t65473\t[DEPRECATED] Model Context Protocol (MCP) server for Dynatrace.',
  '@rekog/mcp-nest\t2.0.5\t219042\tNestJS module for creating Model Context Protocol (MCP) servers',
  'cclsp\t0.7.0\t183220\tMCP server for accessing LSP functionality',
  'left-pad\t1.3.0\t2000000\tString left pad',
  'n8n-mcp\t2.87.0\t186136\tIntegration between n8n workflow automation and Model Context Protocol (MCP)',
  'broken line without tabs',
].join('\n');

describe('judgeListing', () => {
  const judge = (line: string) => judgeListing(parseListingLine(line)!);

  it('takes servers named or described as such', () => {
    expect(judge('@storybook/mcp\t10.6.0\t768804\tMCP server that serves knowledge').take).toBe(true);
    expect(judge('@modelcontextprotocol/server-memory\t1\t5\t').take).toBe(true);
    expect(judge('cclsp\t0.7.0\t183220\tMCP server for accessing LSP functionality')).toEqual({
      take: true,
      because: 'summary says MCP server',
    });
    expect(judge('@launchdarkly/mcp-server\t0.6.2\t93663\t')).toEqual({
      take: true,
      because: 'name says mcp-server',
    });
  });

  it('leaves out SDKs, clients, inspectors, frameworks, adapters, proxies, providers and binaries', () => {
    for (const line of TSV.split('\n')
      .slice(1, 10)
      .filter((l) => !l.startsWith('@playwright') && !l.startsWith('@storybook')))
      expect(judge(line), line).toMatchObject({ take: false });
    expect(judge('@hono/mcp\t0.3.2\t340212\tMCP Middleware for Hono')).toEqual({
      take: false,
      because: 'summary says middleware',
    });
    expect(judge('@azure/mcp-linux-x64\t2.0.5\t1\tAzure MCP Server, for linux on x64').because).toBe(
      'name says linux-x64',
    );
  });

  it('needs a summary that speaks of MCP when the name only contains "mcp"', () => {
    expect(judge('@ai-sdk/mcp\t2.0.99\t1759021\t')).toEqual({
      take: false,
      because: 'summary does not mention MCP',
    });
  });

  it('leaves out deprecated packages and libraries for building servers', () => {
    expect(
      judge('@dynatrace-oss/dynatrace-mcp-server\t2\t1\t[DEPRECATED] Model Context Protocol (MCP) server')
        .take,
    ).toBe(false);
    expect(
      judge('@rekog/mcp-nest\t2\t1\tNestJS module for creating Model Context Protocol (MCP) servers').take,
    ).toBe(false);
  });
});

describe('selectMcpServers', () => {
  it('returns the most-downloaded servers first, without catalogued names, at most top', () => {
    const chosen = selectMcpServers(TSV, { top: 4, exclude: new Set(['@playwright/mcp']) });
    expect(chosen.map((item) => item.name)).toEqual([
      '@storybook/mcp',
      '@modelcontextprotocol/server-google-maps',
      'n8n-mcp',
      'cclsp',
    ]);
    expect(chosen[0]).toEqual({
      name: '@storybook/mcp',
      version: '10.6.0',
      monthlyDownloads: 768804,
      summary:
        'MCP server that serves knowledge about your components based on your Storybook stories and documentation',
    });
  });

  it('skips the header and malformed lines', () => {
    expect(parseListingLine('name\tversion\tdownloads_a_month\tsummary')).toBeNull();
    expect(parseListingLine('broken line without tabs')).toBeNull();
    expect(selectMcpServers(TSV, { top: 100, exclude: new Set() }).map((item) => item.name)).toEqual([
      '@playwright/mcp',
      '@storybook/mcp',
      '@modelcontextprotocol/server-google-maps',
      'n8n-mcp',
      'cclsp',
      '@launchdarkly/mcp-server',
    ]);
  });
});
