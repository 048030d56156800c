import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import rule from "./no-untranslated-text.mjs";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { ecmaVersion: "latest", sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run("no-untranslated-text", rule, {
  valid: [
    { code: "const a = <p>{t('title')}</p>;" },
    { code: "const a = <p>· → 12 %</p>;" },
    { code: "const a = <p><code>defer_loading</code> {t('x')}</p>;" },
    { code: "const a = <button title={t('x')} aria-label={label} />;" },
    { code: "const a = <div className='flex gap-2' data-testid='run-status' />;" },
    { code: "const a = <span>JSON</span>;", options: [{ allow: ["JSON"] }] },
    { code: "const a = <p>{count > 1 ? t('many') : t('one')}</p>;" },
  ],
  invalid: [
    { code: "const a = <p>Run all strategies</p>;", errors: 1 },
    { code: "const a = <p>运行</p>;", errors: 1 },
    { code: "const a = <p>{'tools'}</p>;", errors: 1 },
    { code: "const a = <p>{count === 1 ? 'tool' : 'tools'}</p>;", errors: 2 },
    { code: "const a = <p>{`${count} tools`}</p>;", errors: 1 },
    { code: "const a = <button title='Close' />;", errors: 1 },
    { code: "const a = <input placeholder={`Search ${n} tools`} />;", errors: 1 },
    { code: "const a = <span>JSON file</span>;", options: [{ allow: ["JSON"] }], errors: 1 },
  ],
});
