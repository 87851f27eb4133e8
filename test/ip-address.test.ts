import { isIP as nodeIsIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isIP } from '../src/services/ip-address.js';
import { rng } from './helpers/generated-docs.js';

const CASES = [
  '', '0.0.0.0', '1.2.3.4', '255.255.255.255', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.04', '1.2.3.4 ', ' 1.2.3.4',
  '1.2.3.4\n', '1..3.4', '1.2.3.', '.1.2.3', '1.2.3.4/24', '192.168.001.1', '100.200.250.199', '1.2.3.-1', '１.2.3.4',
  '::', ':', ':::', '::1', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8',
  '1:2:3:4:5:6:7:8::', '::1:2:3:4:5:6:7:8', '1::2:3:4:5:6:7', '1::2:3:4:5:6:7:8', '1::2::3', '1:::2', ':1:2:3:4:5:6:7', '1:2:3:4:5:6:7:',
  'fe80::1%eth0', 'fe80::1%', 'fe80::1%eth0%1', 'fe80::1%en-0.a:b', 'fe80::1%é', '::ffff:1.2.3.4', '::1.2.3.4', '1.2.3.4::',
  '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '1:2:3:4:5::1.2.3.4', '1:2:3:4:5:6::1.2.3.4', '::2:3:4:5:6:1.2.3.4', '::2:3:4:5:6:7:1.2.3.4',
  '1::1.2.3.4:5', '::ffff:01.2.3.4', '::ffff:256.2.3.4', '12345::', 'abcd::EF01', 'g::', '0000:0000:0000:0000:0000:0000:0000:0001',
  '2001:db8::', '2001:db8:0:0:0:0:2:1', '2001:db8::2:1%1', '[::1]', '::1 ', 'localhost', '1.2.3.4%eth0', '::%eth0', '%eth0',
];

describe('isIP without Node.js', () => {
  it("is Node.js's net.isIP on a table of addresses", () => {
    expect(CASES.map((c) => [c, isIP(c)])).toEqual(CASES.map((c) => [c, nodeIsIP(c)]));
  });

  it("is Node.js's net.isIP on 200,000 generated strings", () => {
    // a fixed pseudo-random sequence (test/helpers/generated-docs.ts)
    const r = rng(0x2545f491);
    // parts joined by separators, biased to one family, sometimes with a zone or a stray character
    const parts = ['0', '1', '9', '25', '99', '255', '256', '01', '000', 'a', 'F', 'ffff', 'fFfF', '12345', 'g', ''];
    const mismatches: string[] = [];
    const found = { 0: 0, 4: 0, 6: 0 };
    for (let i = 0; i < 200_000; i++) {
      const v4 = r.chance(0.4);
      const n = v4 ? 2 + r(4) : 1 + r(10);
      let s = r.pick(parts);
      for (let j = 1; j < n; j++) s += (v4 ? r.pick(['.', '.', '.', ':']) : r.pick([':', ':', ':', ':', '.'])) + r.pick(parts);
      if (r.chance(0.1)) s += r.pick(['%', '%eth0', '%a.b-c:d', '%%', '%é', ' ', '\n', '/']);
      if (isIP(s) !== nodeIsIP(s)) mismatches.push(s);
      found[isIP(s)]++;
    }
    expect(mismatches).toEqual([]);
    // the strings include addresses of both families, not only garbage
    expect(found[4]).toBeGreaterThan(20);
    expect(found[6]).toBeGreaterThan(1000);
  });
});
