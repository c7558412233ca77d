import { DIMENSIONS, type Dimension, type PackageKind } from '../vocabulary.ts';

export { DIMENSIONS, type Dimension };

/**
 * Published dimension weights per kind (each column sums to 100).
 * Skills run with the agent's own privileges, so security weighs more for them; a skill has no
 * process to start, so reliability weighs less.
 */
export const DIMENSION_WEIGHTS: Readonly<Record<PackageKind, Readonly<Record<Dimension, number>>>> = {
  'mcp-server': {
    security: 30,
    reliability: 20,
    interface: 20,
    documentation: 10,
    efficiency: 5,
    maintenance: 10,
    licensing: 5,
  },
  skill: {
    security: 35,
    reliability: 10,
    interface: 20,
    documentation: 15,
    efficiency: 10,
    maintenance: 5,
    licensing: 5,
  },
};

export const DIMENSION_TITLES: Readonly<Record<Dimension, string>> = {
  security: 'Security',
  reliability: 'Reliability',
  interface: 'Interface',
  documentation: 'Documentation',
  efficiency: 'Efficiency',
  maintenance: 'Maintenance',
  licensing: 'Licensing',
};

export function isDimension(value: string): value is Dimension {
  return (DIMENSIONS as readonly string[]).includes(value);
}
