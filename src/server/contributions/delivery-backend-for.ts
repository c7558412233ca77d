import type { DeliveryBackend } from '../../github/delivery-backend.ts';
import { GitHubBackend } from '../../github/github-backend.ts';
import { LocalGitBackend } from '../../github/local-git-backend.ts';
import type { DeliveryConfig } from '../config.ts';

/** The configured backend: pull requests on GitHub, or branches in a local repository (the default). */
export function deliveryBackendFor(config: DeliveryConfig): DeliveryBackend {
  if (config.backend === 'github' && config.github) {
    return new GitHubBackend({
      repository: config.github.repository,
      token: config.github.token,
      apiUrl: config.github.apiUrl,
      timeoutMs: config.github.timeoutMs,
      throttle: config.github.throttle,
      ...(config.github.baseBranch ? { baseBranch: config.github.baseBranch } : {}),
    });
  }
  return new LocalGitBackend({
    repository: config.localRepository,
    ...(config.localBase ? { baseRef: config.localBase } : {}),
  });
}
