import type { RuleExamples } from '../check/rule-docs.js';
export declare function ruleExamples(root: string, id: string): RuleExamples;
