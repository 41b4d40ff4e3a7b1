// Our package into the engine's Python (worker.mjs): the wheel downloaded
// beside Pyodide, unzipped in plain JavaScript and written into
// site-packages before Python starts; if that fails, Pyodide's unpackArchive
// and then micropip install it once Python runs.

import { messageOf } from "./python-errors.mjs";

/** The wheel's bytes; the hash in the query makes a rebuilt wheel bypass any cached copy. */
export async function fetchWheel(info) {
  const url = new URL(info.wheel, import.meta.url);
  url.search = `v=${info.sha256.slice(0, 16)}`;
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`it could not be downloaded (${messageOf(error)}). Is the site complete and reachable?`);
  }
  if (!response.ok) throw new Error(`the server answered HTTP ${response.status} for it.`);
  return response.arrayBuffer();
}

/**
 * The files of a zip archive (our wheel): [[path, bytes]], directories
 * left out. Plain JavaScript (the browser inflates), so it runs while
 * Pyodide starts; a wheel it cannot read (zip64, an unknown compression)
 * throws, and the installer below takes over.
 */
export async function unzip(buffer) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22; // the end-of-directory record, before any comment
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("no zip directory");
  const count = view.getUint16(end + 10, true);
  let entry = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(entry, true) !== 0x02014b50) throw new Error("a damaged zip directory");
    const method = view.getUint16(entry + 10, true);
    const size = view.getUint32(entry + 20, true);
    const nameLength = view.getUint16(entry + 28, true);
    const skip = nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    const local = view.getUint32(entry + 42, true);
    const name = names.decode(new Uint8Array(buffer, entry + 46, nameLength));
    entry += 46 + skip;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = new Uint8Array(buffer, start, size);
    if (method === 0) {
      files.push([name, data]);
    } else if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      files.push([name, new Uint8Array(await new Response(stream).arrayBuffer())]);
    } else {
      throw new Error(`${name} is compressed with method ${method}`);
    }
  }
  return files;
}

// Our wheel is pure Python with no dependencies: putting its files into
// site-packages is all an installer would do, without loading one (micropip
// costs a package load and a resolver run at every boot). Pyodide calls
// this (its fsInit hook) before Python starts, so nothing Python has cached
// about site-packages needs refreshing. The installer's record (.dist-info)
// stays out: nothing reads it, and a package Pyodide finds installed at
// start would be listed in its loadedPackages, which its memory snapshot
// refuses. Resolves to whether it did.
export async function writeWheel(FS, sitePackages, files, wheelName) {
  try {
    for (const [name, data] of await files) {
      if (name.split("/")[0].endsWith(".dist-info")) continue;
      const path = `${sitePackages}/${name}`;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, data);
    }
    return true;
  } catch (error) {
    console.warn(`Unzipping ${wheelName} failed (${messageOf(error)}); unpacking it with Pyodide.`);
    return false;
  }
}

// The fallbacks, once Python runs: Pyodide's unpackArchive, then micropip.
export async function installWheel(pyodide, bytes, wheelName) {
  const sitePackages = pyodide.runPython(
    "import sys; next(p for p in sys.path if p.endswith('site-packages'))");
  try {
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
    return;
  } catch (error) {
    console.warn(`Unpacking ${wheelName} failed (${messageOf(error)}); installing it with micropip.`);
  }
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  try {
    const path = `/tmp/${wheelName.split("/").at(-1)}`;
    pyodide.FS.writeFile(path, new Uint8Array(bytes));
    await micropip.install(`emfs:${path}`);
  } finally {
    micropip.destroy();
  }
}
