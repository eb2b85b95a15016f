// heic-decode ships no types; what photo-files.ts uses of it.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  export default function decode(input: { buffer: Buffer | ArrayBuffer }): Promise<DecodedImage>;
}
