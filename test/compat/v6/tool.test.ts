import { aiV6 } from '../adapters/ai-v6.js';
import { describeToolThroughStreamText } from '../shared/tool-assertions.js';

describeToolThroughStreamText(aiV6);
