// @vitest-environment jsdom
import { aiV7 } from '../adapters/ai-v7.js';
import { describeChecklistThroughUseChat } from '../shared/checklist-assertions.js';

describeChecklistThroughUseChat(aiV7);
