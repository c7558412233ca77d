/**
 * `configuration` in a package file: what a package needs to start (environment variables,
 * arguments) or to connect (headers). Install snippets carry a placeholder for each required one.
 */

/** An environment variable a local server reads. */
export interface EnvironmentSetting {
  name: string;
  description: string;
  /** What to put in, as the reader would say it: "your database URL". Defaults to the name. */
  placeholder?: string;
  /** Defaults to true: a setting listed is one the server needs. */
  required?: boolean;
  secret?: boolean;
}

/** A command-line argument: positional (no flag) or `--flag value`. */
export interface ArgumentSetting {
  name: string;
  description: string;
  flag?: string;
  placeholder?: string;
  required?: boolean;
  /** May be given more than once (several folders). */
  repeated?: boolean;
}

/** A header a hosted server wants, such as `Authorization: Bearer <token>`. */
export interface HeaderSetting {
  name: string;
  description: string;
  placeholder?: string;
  /** Written before the value: "Bearer ". */
  prefix?: string;
  required?: boolean;
  secret?: boolean;
}

/** `configuration` in a package file. */
export interface PackageConfiguration {
  environment?: EnvironmentSetting[];
  arguments?: ArgumentSetting[];
  headers?: HeaderSetting[];
}
