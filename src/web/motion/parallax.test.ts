import { describe, expect, it } from 'vitest';
import { BLOB_RANGE_PX, TRUCK_RANGE_PX, parallaxOffset } from './parallax.js';

const area = { left: 100, top: 50, width: 800, height: 400 };
const at = (clientX: number, clientY: number, range = TRUCK_RANGE_PX) =>
  parallaxOffset({ clientX, clientY }, area, range);

describe('parallax offset from the pointer', () => {
  it('uses the spec numbers', () => {
    expect(TRUCK_RANGE_PX).toBe(25);
    expect(BLOB_RANGE_PX).toBe(15);
  });

  it('is 0 at the centre of the area', () => {
    expect(at(500, 250)).toEqual({ x: 0, y: 0 });
  });

  it('reaches the full range at the edges and corners', () => {
    expect(at(100, 50)).toEqual({ x: -25, y: -25 });
    expect(at(900, 450)).toEqual({ x: 25, y: 25 });
    expect(at(900, 50, BLOB_RANGE_PX)).toEqual({ x: 15, y: -15 });
  });

  it('is proportional in between', () => {
    expect(at(700, 350)).toEqual({ x: 12.5, y: 12.5 });
    expect(at(300, 150, BLOB_RANGE_PX)).toEqual({ x: -7.5, y: -7.5 });
  });

  it('never exceeds the range, even for a pointer outside the area', () => {
    expect(at(5000, -5000)).toEqual({ x: 25, y: -25 });
    expect(at(-100, 10_000, BLOB_RANGE_PX)).toEqual({ x: -15, y: 15 });
  });

  it('is 0 for an area with no size', () => {
    expect(parallaxOffset({ clientX: 10, clientY: 10 }, { left: 0, top: 0, width: 0, height: 0 }, 25)).toEqual({
      x: 0,
      y: 0,
    });
  });
});
