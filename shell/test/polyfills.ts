/** jsdom has no TextEncoder/TextDecoder; react-router needs them. Import first in a test file. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
