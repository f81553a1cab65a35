/**
 * The agent skill picker (spec §2.9, §9): the 40-skill catalogue grouped by its five
 * categories, as toggle chips (native buttons with aria-pressed, named by the skill), a
 * "n/10" counter, and every unchosen chip disabled once the limit is reached.
 */

import { injectStyles } from "@closr/ui";
import { useId } from "react";
import { skillCategories } from "./profile-format.ts";
import type { Skill } from "./profiles-api.ts";
import css from "./styles/index.css?inline";

injectStyles("closr-profiles-styles", css);

export function SkillPicker({
  skills,
  selected,
  onChange,
  max,
  errorMessage,
}: {
  skills: Skill[];
  selected: string[];
  onChange: (selected: string[]) => void;
  max: number;
  errorMessage?: string | undefined;
}) {
  const id = useId();
  const full = selected.length >= max;
  const toggle = (name: string) =>
    onChange(selected.includes(name) ? selected.filter((skill) => skill !== name) : [...selected, name]);

  return (
    <fieldset
      className="field skill-picker"
      aria-describedby={`${id}-count${errorMessage ? ` ${id}-error` : ""}`}
    >
      <legend className="field-label skill-picker-legend">
        <span>Skills</span>
        <span id={`${id}-count`} className="skill-counter" aria-live="polite" data-full={full || undefined}>
          <span aria-hidden="true">
            {selected.length}/{max}
          </span>
          <span className="visually-hidden">
            {selected.length} of {max} skills chosen
          </span>
        </span>
      </legend>
      <p className="field-description">
        Choose up to {max} skills businesses can find you by.
        {full ? " You've reached the limit: remove one to choose another." : ""}
      </p>
      {skillCategories.map((category) => {
        const inCategory = skills.filter((skill) => skill.category === category.id);
        if (inCategory.length === 0) return null;
        return (
          <fieldset key={category.id} className="skill-group">
            <legend className="skill-group-title">{category.label}</legend>
            <div className="skill-chips">
              {inCategory.map((skill) => {
                const pressed = selected.includes(skill.name);
                return (
                  <button
                    key={skill.name}
                    type="button"
                    className="skill-toggle"
                    aria-pressed={pressed}
                    aria-label={skill.name}
                    disabled={!pressed && full}
                    onClick={() => toggle(skill.name)}
                  >
                    <span aria-hidden="true">{skill.emoji}</span>
                    <span>{skill.name}</span>
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {errorMessage ? (
        <p id={`${id}-error`} className="field-error">
          {errorMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
