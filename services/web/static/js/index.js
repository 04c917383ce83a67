// The start page: its words in the reader's language (docs/i18n.md).
'use strict';
import {ready, translatePage} from './i18n.js';

await ready;
translatePage();
