import { aiV5 } from '../adapters/ai-v5.js';
import { describeToolThroughStreamText } from '../shared/tool-assertions.js';

describeToolThroughStreamText(aiV5);
