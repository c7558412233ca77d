/** What the queue page says after its Claim or Release button (`?claim=…&id=…`), from fixed words only. */
import type { PackageIndex } from '../../core/query/package-index.ts';

export interface ClaimNotice {
  text: string;
  tone: 'ok' | 'warn' | 'bad';
}

export function claimOutcome(params: URLSearchParams, index: PackageIndex): ClaimNotice | null {
  const outcome = params.get('claim');
  const id = params.get('id') ?? '';
  // Only a package of the catalogue is named back, so the notice cannot carry text from a link.
  const name = index.byId.get(id)?.name ?? null;
  switch (outcome) {
    case 'claimed':
      return name
        ? {
            text: `You claimed ${name}: nobody else can claim it until your lease ends. Submitting your evaluation releases it.`,
            tone: 'ok',
          }
        : null;
    case 'released':
      return name ? { text: `You released ${name}: it is free for others again.`, tone: 'ok' } : null;
    case 'held':
      return name
        ? { text: `Someone else is evaluating ${name}; pick another package.`, tone: 'warn' }
        : null;
    case 'signed-out':
      return { text: 'Sign in first: claiming needs your API key.', tone: 'warn' };
    case 'refused':
      return { text: 'That request did not come from this site, so nothing was claimed.', tone: 'bad' };
    case 'unknown':
      return { text: 'That package is not in the catalogue.', tone: 'bad' };
    default:
      return null;
  }
}
