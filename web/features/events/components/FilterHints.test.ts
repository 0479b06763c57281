import { expect, it } from 'vitest';
import { msg } from '../../../../common/i18n/messages';
import { RANGE_MAX_DAYS } from '../../../../common/periods';
import { RANGE_TOO_LONG_ENGLISH } from './FilterHints';

it('says a range of days too long in the API’s own English words (param.rangeTooLong)', () => {
  expect(RANGE_TOO_LONG_ENGLISH).toBe(msg('param.rangeTooLong', { max: RANGE_MAX_DAYS }));
});
