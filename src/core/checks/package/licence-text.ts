/**
 * Naming the licence in a LICENSE file by its text, and reading SPDX expressions in manifests.
 * The approved set is the OSI- and FSF-approved licences that packages actually use.
 */

interface LicenceSignature {
  spdx: string;
  /** Every pattern must match. */
  all: readonly RegExp[];
}

const SIGNATURES: readonly LicenceSignature[] = [
  { spdx: 'Apache-2.0', all: [/Apache License/i, /Version 2\.0/i] },
  {
    spdx: 'MIT',
    all: [/Permission is hereby granted, free of charge/i, /THE SOFTWARE IS PROVIDED "?AS IS"?/i],
  },
  {
    spdx: 'ISC',
    all: [/Permission to use, copy, modify, and(?:\/or)? distribute this software for any purpose/i],
  },
  { spdx: 'BSD-3-Clause', all: [/Redistribution and use in source and binary forms/i, /Neither the name/i] },
  {
    spdx: 'BSD-2-Clause',
    all: [/Redistribution and use in source and binary forms/i, /^(?![\s\S]*Neither the name)/i],
  },
  { spdx: 'GPL-3.0', all: [/GNU GENERAL PUBLIC LICENSE/i, /Version 3/i] },
  { spdx: 'GPL-2.0', all: [/GNU GENERAL PUBLIC LICENSE/i, /Version 2,/i] },
  { spdx: 'LGPL-3.0', all: [/GNU LESSER GENERAL PUBLIC LICENSE/i, /Version 3/i] },
  { spdx: 'AGPL-3.0', all: [/GNU AFFERO GENERAL PUBLIC LICENSE/i, /Version 3/i] },
  { spdx: 'MPL-2.0', all: [/Mozilla Public License,? (?:Version|v\.?) ?2\.0/i] },
  { spdx: 'Unlicense', all: [/This is free and unencumbered software released into the public domain/i] },
  { spdx: 'CC0-1.0', all: [/CC0 1\.0 Universal/i] },
  {
    spdx: '0BSD',
    all: [
      /Permission to use, copy, modify, and\/or distribute this software for any purpose with or without fee is hereby granted\.\s+THE SOFTWARE IS PROVIDED/i,
    ],
  },
];

/** OSI- or FSF-approved (base ids; `-only`/`-or-later` suffixes are folded onto them). */
export const APPROVED_LICENCES: ReadonlySet<string> = new Set([
  'Apache-2.0',
  'MIT',
  'ISC',
  'BSD-3-Clause',
  'BSD-2-Clause',
  'GPL-3.0',
  'GPL-2.0',
  'LGPL-3.0',
  'LGPL-2.1',
  'AGPL-3.0',
  'MPL-2.0',
  'Unlicense',
  'CC0-1.0',
  '0BSD',
  'BlueOak-1.0.0',
  'Zlib',
  'EPL-2.0',
  'Artistic-2.0',
]);

/** Folds `GPL-3.0-only`, `GPL-3.0-or-later` and `GPL-3.0+` onto `GPL-3.0`. */
export function baseLicence(id: string): string {
  return id.replace(/(?:-only|-or-later|\+)$/, '');
}

/** The licences a licence file's text identifies, in catalogue order (a file may hold several). */
export function identifyLicences(text: string): string[] {
  const spdxLine = /SPDX-License-Identifier:\s*([\w.+-]+(?:\s+(?:AND|OR)\s+[\w.+-]+)*)/.exec(text);
  if (spdxLine) return spdxIds(spdxLine[1]!);
  const found = SIGNATURES.filter((signature) => signature.all.every((pattern) => pattern.test(text))).map(
    (s) => s.spdx,
  );
  // Only one of the BSD variants, and GPL 2 text often names version 3 in passing.
  const unique = found.filter((id) => !(id === 'BSD-2-Clause' && found.includes('BSD-3-Clause')));
  return unique.filter(
    (id) => !(id === 'GPL-3.0' && unique.includes('GPL-2.0') && !/Version 3, 29 June 2007/i.test(text)),
  );
}

/** The licence ids in an SPDX expression such as `(MIT OR Apache-2.0) AND BSD-3-Clause`. */
export function spdxIds(expression: string): string[] {
  return [
    ...new Set(
      expression
        .replace(/[()]/g, ' ')
        .split(/\s+(?:AND|OR|WITH)\s+|\s+/)
        .map((part) => part.trim())
        .filter((part) => part.length > 0 && !/^(?:AND|OR|WITH)$/.test(part))
        .map(baseLicence),
    ),
  ].sort();
}

export function isApproved(id: string): boolean {
  return APPROVED_LICENCES.has(baseLicence(id));
}
