import type { RuleExamples } from '../docs.js';
export declare function ruleExamples(root: string, id: string): RuleExamples;
