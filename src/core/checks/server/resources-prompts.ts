/** INT-08: resources a client can fetch and render (a URI and a MIME type), and prompts whose arguments say what they want. */
import type { CheckResult, Evidence } from '../../types.ts';
import { pointerJoin } from '../../validation/issue.ts';
import { countOf, graded, notApplicable } from '../results.ts';
import type { McpSnapshot } from '../snapshot.ts';

const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const MIME = /^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/;

function validUri(uri: unknown): boolean {
  if (typeof uri !== 'string' || !URI_SCHEME.test(uri)) return false;
  try {
    new URL(uri);
    return true;
  } catch {
    return false;
  }
}

export function checkResourcesAndPrompts(snapshot: McpSnapshot): CheckResult {
  const evidence: Evidence[] = [];
  let units = 0;
  snapshot.resources.forEach((resource, index) => {
    units += 1;
    const at = pointerJoin('/resources', index);
    if (!validUri(resource.uri))
      evidence.push({ location: pointerJoin(at, 'uri'), value: 'not a valid URI' });
    else if (typeof resource.mimeType !== 'string' || !MIME.test(resource.mimeType)) {
      evidence.push({ location: at, value: `${resource.uri} has no MIME type` });
    }
  });
  snapshot.resource_templates.forEach((template, index) => {
    units += 1;
    if (typeof template.uriTemplate !== 'string' || !URI_SCHEME.test(template.uriTemplate)) {
      evidence.push({
        location: pointerJoin('/resource_templates', index, 'uriTemplate'),
        value: 'not a URI template with a scheme',
      });
    }
  });
  snapshot.prompts.forEach((prompt, index) => {
    units += 1;
    const undescribed = (prompt.arguments ?? []).filter(
      (argument) => typeof argument.description !== 'string' || argument.description.trim() === '',
    );
    if (undescribed.length > 0) {
      evidence.push({
        location: pointerJoin('/prompts', index, 'arguments'),
        value: `${prompt.name}: ${undescribed.map((argument) => argument.name).join(', ')} not described`,
      });
    }
  });
  if (units === 0) return notApplicable('INT-08', 'The server offers no resources or prompts.');
  // Each unit adds at most one piece of evidence.
  const good = units - evidence.length;
  return graded(
    'INT-08',
    good / units,
    `${countOf(good, units, 'resources, templates and prompts')} are complete.`,
    evidence,
  );
}
