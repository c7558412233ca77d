import { describe, expect, it } from 'vitest';
import { identifyLicences, isApproved, spdxIds } from './licence-text.ts';

describe('licence identification', () => {
  it('names common licences from their text', () => {
    expect(
      identifyLicences(
        'MIT License\n\nPermission is hereby granted, free of charge, to any person…\nTHE SOFTWARE IS PROVIDED "AS IS"',
      ),
    ).toEqual(['MIT']);
    expect(
      identifyLicences('Apache License\nVersion 2.0, January 2004\nhttp://www.apache.org/licenses/'),
    ).toEqual(['Apache-2.0']);
    expect(
      identifyLicences(
        'Redistribution and use in source and binary forms… Neither the name of the copyright holder',
      ),
    ).toEqual(['BSD-3-Clause']);
    expect(identifyLicences('// SPDX-License-Identifier: MPL-2.0')).toEqual(['MPL-2.0']);
    expect(identifyLicences('All rights reserved. Do not copy.')).toEqual([]);
  });

  it('finds both licences of a dual-licensed file', () => {
    const text =
      'Apache License\nVersion 2.0\n…\nMIT License\nPermission is hereby granted, free of charge\nTHE SOFTWARE IS PROVIDED "AS IS"';
    expect(identifyLicences(text)).toEqual(['Apache-2.0', 'MIT']);
  });

  it('reads SPDX expressions and approval', () => {
    expect(spdxIds('(MIT OR Apache-2.0) AND GPL-3.0-or-later')).toEqual(['Apache-2.0', 'GPL-3.0', 'MIT']);
    expect(isApproved('GPL-2.0-only')).toBe(true);
    expect(isApproved('LicenseRef-Proprietary')).toBe(false);
  });
});
