import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerMember, type TestMember } from '../../platform/testing/members';

// The real sharp, wrapped so a test can see whether it was handed the upload at all.
const sharpCalls = vi.hoisted(() => ({ inputs: [] as unknown[] }));
vi.mock('sharp', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof sharp }>()).default;
  const wrapped = (...args: Parameters<typeof sharp>) => {
    sharpCalls.inputs.push(args[0]);
    return actual(...args);
  };
  return { default: Object.assign(wrapped, actual) };
});

describe('profile picture upload limits', () => {
  const test = setUpTestApp();

  const upload = (member: TestMember, payload: Buffer, contentType = 'image/png') =>
    test.app.inject({ method: 'PUT', url: '/api/account/picture', headers: { cookie: member.cookie, 'content-type': contentType }, payload });

  const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#0b3d91' } });

  it('refuses SVG, TIFF and HEIF bytes labelled as PNG, JPEG or WebP before sharp reads them', async () => {
    const member = await registerMember(test.app);
    const tiff = await image(8, 8).tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>');
    // An ISO-BMFF 'ftyp' box of brand 'heic', as an iPhone writes it.
    const heif = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
    for (const [bytes, claimed] of [[svg, 'image/png'], [tiff, 'image/jpeg'], [heif, 'image/webp']] as const) {
      sharpCalls.inputs.length = 0;
      const response = await upload(member, bytes, claimed);
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'users/invalid-picture']);
      expect(sharpCalls.inputs).toEqual([]);
    }
    // The wrapper is the one the upload uses: a real picture does reach it.
    const png = await image(8, 8).png().toBuffer();
    expect((await upload(member, png)).statusCode).toBe(200);
    expect(sharpCalls.inputs).not.toEqual([]);
  });

  it('refuses an image of more than 25 megapixels, with its own message', async () => {
    const member = await registerMember(test.app);
    const response = await upload(member, await image(6000, 5000).png().toBuffer());
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'users/picture-too-large',
      message: 'Cette image a trop de pixels (25 mégapixels au plus) : réduis-la puis réessaie 🙁',
    });
    // A 6000×4000 phone photo still passes.
    expect((await upload(member, await image(6000, 4000).jpeg().toBuffer(), 'image/jpeg')).statusCode).toBe(200);
  });

  // The limit is written here, not read from the code: a changed constant must fail this test.
  it('accepts 10 uploads an hour per member, then answers 429', async () => {
    const [member, other] = await Promise.all([registerMember(test.app), registerMember(test.app)]);
    const png = await image(64, 64).png().toBuffer();
    for (let i = 0; i < 10; i++) expect((await upload(member, png)).statusCode).toBe(200);
    const refused = await upload(member, png);
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'http/rate-limited']);
    expect((await upload(other, png)).statusCode).toBe(200);
  });
});
