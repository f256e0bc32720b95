import { describe, expect, it } from 'vitest';
import {
  compactCount,
  countOf,
  excerpt,
  humanize,
  levelLabel,
  minutesLabel,
  pluralNoun,
  workTypeLabel,
} from './labels.js';

describe('labels', () => {
  it('names work types as learners do, whatever case the identifier comes in', () => {
    expect(workTypeLabel('standalone_project')).toBe('Project');
    expect(workTypeLabel('STANDALONE_PROJECT')).toBe('Project');
    expect(workTypeLabel('path')).toBe('Skill path');
    expect(workTypeLabel('standalone_cloud_lab')).toBe('Cloud lab');
    expect(workTypeLabel('SOMETHING_NEW')).toBe('Something new');
  });

  it('turns any identifier into words', () => {
    expect(humanize('CloudLabWorkspace')).toBe('Cloud lab workspace');
    expect(humanize('CloudShell')).toBe('Cloud shell');
    expect(humanize('collection_lesson')).toBe('Collection lesson');
    expect(humanize('')).toBe('');
  });

  it('capitalises levels', () => {
    expect(levelLabel('beginner')).toBe('Beginner');
    expect(levelLabel('advanced')).toBe('Advanced');
  });

  it('uses the singular for one and the plural for everything else', () => {
    expect(countOf(1, 'lesson')).toBe('1 lesson');
    expect(countOf(2, 'lesson')).toBe('2 lessons');
    expect(countOf(0, 'lesson')).toBe('0 lessons');
    expect(countOf(1, 'reply')).toBe('1 reply');
    expect(countOf(3, 'reply')).toBe('3 replies');
    expect(countOf(2, 'class')).toBe('2 classes');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(1200, 'learner')).toBe('1,200 learners');
    expect(pluralNoun(5, 'person')).toBe('people');
    expect(pluralNoun(2, 'criterion', 'criteria')).toBe('criteria');
  });

  it('writes durations in minutes and hours', () => {
    expect(minutesLabel(0)).toBe('0 min');
    expect(minutesLabel(45)).toBe('45 min');
    expect(minutesLabel(60)).toBe('1 h');
    expect(minutesLabel(150)).toBe('2 h 30 min');
  });

  it('keeps large counts short without rounding up', () => {
    expect(compactCount(999)).toBe('999');
    expect(compactCount(1000)).toBe('1k');
    expect(compactCount(1290)).toBe('1.2k');
    expect(compactCount(12_900)).toBe('12k');
    expect(compactCount(1_500_000)).toBe('1.5M');
  });

  it('cuts excerpts at the end of a word', () => {
    const text = 'Lists keep things in order, and dictionaries find them by key.';
    expect(excerpt(text, 100)).toBe(text);
    expect(excerpt(text, 20)).toBe('Lists keep things…');
    expect(excerpt(text, 20).length).toBeLessThanOrEqual(20);
    // Punctuation before the cut does not stay beside the ellipsis.
    expect(excerpt(text, 28)).toBe('Lists keep things in order…');
    // An exact word end is kept whole.
    expect(excerpt('one two three', 8)).toBe('one two…');
    expect(excerpt('  spaced \n\n out  text ', 100)).toBe('spaced out text');
    expect(excerpt('Supercalifragilistic', 8)).toBe('Superca…');
  });
});
