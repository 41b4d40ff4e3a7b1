// How an engine error reads to a person: a Python traceback's last line.

/** The last line of a Python traceback ("ValueError: ...") is the useful part. */
export function messageOf(error) {
  const text = String(error?.message ?? error).trim();
  return error?.type ? text.split("\n").at(-1) : text;
}
