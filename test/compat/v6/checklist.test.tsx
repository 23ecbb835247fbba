// @vitest-environment jsdom
import { aiV6 } from '../adapters/ai-v6.js';
import { describeChecklistThroughUseChat } from '../shared/checklist-assertions.js';

describeChecklistThroughUseChat(aiV6);
