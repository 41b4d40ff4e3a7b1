// Counts in words for the Lights Out page: press counts, the number of
// solutions, and the huge counts of lightsout.analyse, in a form a person
// can read (thousands separators, powers of ten, exact powers).

/**
 * k^d in a player's words: exact up to a billion ("1,048,576"), then
 * rounded ("about 3 trillion") or by its length ("a 40-digit number of"):
 * no powers on the play screen (Analysis shows them).
 */
export function plainCount(k, d) {
  const value = BigInt(k) ** BigInt(d);
  if (value <= 1_000_000_000n) return value.toLocaleString("en-US");
  const digits = value.toString().length;
  if (digits > 15) return `a ${digits}-digit number of`;
  const [size, name] = digits > 12 ? [1e12, "trillion"] : [1e9, "billion"];
  return `about ${Math.round(Number(value) / size).toLocaleString("en-US")} ${name}`;
}

/** "1 press", "16 presses". */
export const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** 10^x as "m.mm × 10^n" (x a base-10 logarithm): 3 significant digits. */
function scientific(x) {
  let power = Math.floor(x);
  let mantissa = 10 ** (x - power);
  if (mantissa.toFixed(2) === "10.00") {
    mantissa = 1;
    power += 1;
  }
  return `${mantissa.toFixed(2)} × 10^${power}`;
}

/**
 * A count as lightsout.analyse gives it (api._count's `_text`): a decimal
 * string (thousands separators; past 40 digits in powers of ten, the exact
 * digits being shown apart), an exact power "b^e" (counts past about 900
 * digits, for a prime number of states), or "about 2^e" (the same for other
 * numbers of states: the count is at least 2^e and below 2^(e+1)).
 * Anything else is shown as it came.
 */
export function formatCount(text) {
  if (/^\d+$/.test(text)) {
    if (text.length <= 40) return BigInt(text).toLocaleString("en-US");
    return `about ${text[0]}.${text.slice(1, 3)} × 10^${text.length - 1} (${text.length} digits)`;
  }
  const power = /^(\d+)\^(\d+)$/.exec(text);
  if (power) {
    const [base, exponent] = [Number(power[1]), Number(power[2])];
    const log = exponent * Math.log10(base);
    return `${base}^${exponent} ≈ ${scientific(log)} (${Math.floor(log) + 1} digits)`;
  }
  const bound = /^about 2\^(\d+)$/.exec(text);
  if (bound) {
    const exponent = Number(bound[1]);
    return `at least 2^${exponent} and below 2^${exponent + 1} (${scientific(exponent * Math.log10(2))}`
      + ` to ${scientific((exponent + 1) * Math.log10(2))})`;
  }
  return text;
}
