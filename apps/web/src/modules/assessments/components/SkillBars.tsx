import type { SkillStat } from '@coderoom/contracts';

/** One bar per skill: the share of its questions answered right. */
export function SkillBars({ skills }: { skills: SkillStat[] }) {
  return (
    <ul className="skill-bars">
      {skills.map((skill) => (
        <li key={skill.skill}>
          <div className="skill-bar-label">
            <span>{skill.skill}</span>
            <span className="muted">
              {skill.correct} of {skill.answered} right ({skill.percent}%)
            </span>
          </div>
          <div className="skill-bar" aria-hidden="true">
            <span style={{ width: `${Math.max(skill.percent, 2)}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
