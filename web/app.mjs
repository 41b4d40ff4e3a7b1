// The main page: one shared worker client, one board per puzzle section.

import { getClient } from "./client.mjs";
import { LightsOutBoard } from "./lightsout.mjs";

const client = getClient();
const root = document.getElementById("lightsout");
// Exposed for debugging from the console and for tests that need the board object.
window.puzzleLab = { client, lightsout: new LightsOutBoard(root, client, { rows: 5, cols: 5 }) };
