import { describe, expect, it } from 'vitest';
import type { Accountability } from '../../shared/directus.ts';
import { ANIMATION_TOO_LARGE, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../../../../shared/rules.ts';
import { attachedChat, isDeclaredImage, mayAttach, sizeRefusal } from './upload-rules.ts';

const who = (more: Partial<Accountability>): Accountability =>
  ({ user: 'u-1', role: 'role-user', roles: ['role-user'], admin: false, app: false, ip: null, ...more });

describe('what a user’s file may be', () => {
  it('is an image of the type its bytes tell, declared as that type', () => {
    expect(isDeclaredImage({ type: 'image/png', animated: false, width: 800, height: 600, frames: 1, orientation: 1 }, 'image/png')).toBe(true);
    expect(isDeclaredImage({ type: 'image/png', animated: false, width: 800, height: 600, frames: 1, orientation: 1 }, 'IMAGE/PNG')).toBe(true);
    expect(isDeclaredImage({ type: 'image/gif', animated: true, width: 800, height: 600, frames: 1, orientation: 1 }, 'image/gif')).toBe(true);
  });

  it(`is at most ${IMAGE_MAX_SIDE} pixels a side: a phone's photo is, a larger picture is not`, () => {
    expect(sizeRefusal({ width: 4032, height: 3024, frames: 1 })).toBeNull();
    expect(sizeRefusal({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, frames: 1 })).toBeNull();
    expect(sizeRefusal({ width: IMAGE_MAX_SIDE + 1, height: 100, frames: 1 })).toBe(IMAGE_TOO_LARGE);
    expect(sizeRefusal({ width: 100, height: 8064, frames: 1 })).toBe(IMAGE_TOO_LARGE);
  });

  it('holds at most as many pixels in all its frames as the largest still', () => {
    const side = 480;
    const frames = Math.floor(IMAGE_MAX_PIXELS / (side * side));
    expect(sizeRefusal({ width: side, height: side, frames })).toBeNull();
    expect(sizeRefusal({ width: side, height: side, frames: frames + 1 })).toBe(ANIMATION_TOO_LARGE);
  });

  it('is refused when its bytes are no user image, or it claims to be another type', () => {
    expect(isDeclaredImage(null, 'image/png')).toBe(false);
    expect(isDeclaredImage({ type: 'image/png', animated: false, width: 800, height: 600, frames: 1, orientation: 1 }, 'image/jpeg')).toBe(false);
    expect(isDeclaredImage({ type: 'image/png', animated: false, width: 800, height: 600, frames: 1, orientation: 1 }, 'text/html')).toBe(false);
  });
});

describe('a chat’s attachment', () => {
  it('names a chat by its number, or none', () => {
    expect(attachedChat({ chat: '12' })).toBe(12);
    expect(attachedChat({})).toBeNull();
    expect(attachedChat({ chat: '' })).toBeNull();
    expect(attachedChat({ chat: 'null' })).toBeNull();
    expect(attachedChat({ title: 'x' })).toBeNull();
  });

  it('treats anything else in the chat field as naming no chat, so it is refused', () => {
    for (const chat of ['12abc', '-1', '1.5', ' 12', '{"_eq":1}']) expect(attachedChat({ chat })).toBe('invalid');
  });

  it('is sent by one of the chat’s two members alone', () => {
    expect(mayAttach(['u-1', 'u-2'], who({}))).toBe(true);
    expect(mayAttach(['u-2', 'u-3'], who({}))).toBe(false);
    expect(mayAttach(null, who({}))).toBe(false);
    expect(mayAttach(['u-1', 'u-2'], who({ user: null }))).toBe(false);
    expect(mayAttach(['u-1', 'u-2'], null)).toBe(false);
  });
});
