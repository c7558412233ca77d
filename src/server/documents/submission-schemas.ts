/** Response bodies of the contribution endpoints (submissions and checkout leases). */
export const SUBMISSION_SCHEMAS = {
  Submission: {
    type: 'object',
    additionalProperties: false,
    required: [
      'submission_id',
      'status',
      'package_id',
      'evaluation_id',
      'review_url',
      'spot_check',
      'received_at',
    ],
    properties: {
      submission_id: { type: 'string' },
      status: { enum: ['queued', 'delivered', 'failed'] },
      package_id: { type: 'string' },
      evaluation_id: { type: 'string' },
      review_url: {
        type: ['string', 'null'],
        description: 'The pull request (or local branch) once delivered.',
      },
      spot_check: { type: 'boolean', description: 'Picked for an operator re-run.' },
      self_evaluation: { enum: ['none', 'disclosed'] },
      received_at: { type: 'string', format: 'date-time' },
      failure: { type: ['string', 'null'] },
    },
  },
  Lease: {
    type: 'object',
    additionalProperties: false,
    required: ['package_id', 'claimed_by', 'claimed_at', 'claimed_until'],
    properties: {
      package_id: { type: 'string' },
      claimed_by: { type: 'string' },
      claimed_at: { type: 'string', format: 'date-time' },
      claimed_until: { type: 'string', format: 'date-time' },
    },
  },
} as const;
