// @vitest-environment jsdom
import { aiV5 } from '../adapters/ai-v5.js';
import { describeChecklistThroughUseChat } from '../shared/checklist-assertions.js';

describeChecklistThroughUseChat(aiV5);
