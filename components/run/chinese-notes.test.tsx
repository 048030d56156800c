/**
 * The engine's step notes and titles on a Chinese page: every note and title the engine writes for the example's
 * runs is one of the `engine` messages (so a new note without its Chinese fails here), and the step summary prints
 * it in Chinese with the same tool names and figures.
 */
import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { engineNoteText, readEngineNote, tokenCountingText } from "@/lib/i18n/engine-notes";
import { stepHeading } from "@/lib/view/step-kind";
import { summariseRun, summariseStep } from "@/lib/workbench/summarise-run";
import { StepSummary } from "./step-summary";
import { exampleRuns } from "./test-support";

const HAN = /\p{Script=Han}/u;
// Two English words in a row, outside names with underscores and quoted queries.
const ENGLISH_WORDS = /(?:^|[^\w"“])[A-Za-z]{2,} [A-Za-z]{2,}\b/;
const withoutQuotes = (text: string) => text.replace(/"[^"]*"|“[^”]*”/g, "");

describe("engine notes and step titles in Chinese", () => {
  it("reads every note of every strategy's run on the examples as a message and words it in Chinese", async () => {
    const unread: string[] = [];
    const english: string[] = [];
    let notes = 0;
    for (const example of ["learning-agent", "weather", "office-assistant-zh"]) {
      for (const run of await exampleRuns(example)) {
        for (const step of run.steps) {
          for (const note of step.notes) {
            notes += 1;
            if (!readEngineNote(note)) unread.push(`${run.id}: ${note}`);
            else if (!HAN.test(engineNoteText(note, "zh-CN"))) english.push(`${run.id}: ${note}`);
          }
          const heading = stepHeading(step, "zh-CN");
          if (ENGLISH_WORDS.test(withoutQuotes(heading))) english.push(`${run.id} title: ${heading}`);
        }
        expect(tokenCountingText(run.tokenCounting.label, "zh-CN"), run.tokenCounting.label).toMatch(HAN);
      }
    }
    expect(notes).toBeGreaterThan(5);
    expect(unread).toEqual([]);
    expect(english).toEqual([]);
  });

  it("prints a step's notes in Chinese in the step summary, with the tool names as written", async () => {
    const runs = await exampleRuns("learning-agent");
    const run = runs.find((candidate) => candidate.steps.some((step) => step.notes.length > 0))!;
    const step = run.steps.find((candidate) => candidate.notes.length > 0)!;
    const html = renderInLocale(<StepSummary step={summariseStep(step)} run={summariseRun(run)} />, "zh-CN");
    const notes = [...html.matchAll(/data-testid="step-note"[^>]*>[\s\S]*?<span>([\s\S]*?)<\/span><\/li>/g)].map(
      (match) => match[1],
    );
    expect(notes).toHaveLength(step.notes.length);
    for (const note of notes) {
      expect(note).toMatch(HAN);
      expect(note).not.toMatch(ENGLISH_WORDS);
    }
  });
});
