import { describe, expect, it } from 'vitest';
import { isFeatureOn, RolloutLevel } from './features.js';

const visitor = { isInternal: false, isB2b: false, signedIn: false };
const learner = { isInternal: false, isB2b: false, signedIn: true };
const member = { isInternal: false, isB2b: true, signedIn: true };
const staff = { isInternal: true, isB2b: false, signedIn: true };

describe('isFeatureOn', () => {
  it('widens the audience level by level', () => {
    const audiences = [visitor, learner, member, staff];
    const on = (level: RolloutLevel) => audiences.map((audience) => isFeatureOn(level, audience));
    expect(on(RolloutLevel.Disabled)).toEqual([false, false, false, false]);
    expect(on(RolloutLevel.Internal)).toEqual([false, false, false, true]);
    expect(on(RolloutLevel.B2c)).toEqual([false, true, false, true]);
    expect(on(RolloutLevel.B2b)).toEqual([false, false, true, true]);
    expect(on(RolloutLevel.All)).toEqual([true, true, true, true]);
  });
});
