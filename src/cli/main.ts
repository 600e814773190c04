// The bundle's entry: runs the program with the process's arguments.
import {main} from './program.js';

void main();
