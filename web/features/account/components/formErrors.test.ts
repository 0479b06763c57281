import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import { formErrorsOf } from './formErrors';

describe('formErrorsOf', () => {
  it('puts a field’s message under the field, else the server’s message for the form', () => {
    const wrong = new ApiRequestError(400, 'auth/wrong-password', 'Wrong', { password: 'Not it' });
    expect(formErrorsOf(wrong, ['password'], 'Failed')).toEqual({
      field: { password: 'Not it' },
      form: null,
    });
    expect(formErrorsOf(wrong, ['email'], 'Failed')).toEqual({ field: {}, form: 'Wrong' });
    const limited = new ApiRequestError(429, 'rate_limited', 'Please wait');
    expect(formErrorsOf(limited, ['password'], 'Failed')).toEqual({ field: {}, form: 'Please wait' });
  });

  it('says nothing without an error, and the fallback for a server failure', () => {
    expect(formErrorsOf(null, ['name'], 'Failed')).toEqual({ field: {}, form: null });
    expect(formErrorsOf(new ApiRequestError(500, 'internal', 'Boom'), ['name'], 'Failed').form).toBe(
      'Failed',
    );
    expect(formErrorsOf(new Error('x'), ['name'], 'Failed').form).toBe('Failed');
  });
});
