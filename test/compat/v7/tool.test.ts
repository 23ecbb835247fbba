import { aiV7 } from '../adapters/ai-v7.js';
import { describeToolThroughStreamText } from '../shared/tool-assertions.js';

describeToolThroughStreamText(aiV7);
