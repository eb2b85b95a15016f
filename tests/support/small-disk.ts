// A small disk for one process: the command runs in a mount namespace of its own
// (inside an unprivileged user namespace, so no root is needed) with `dir` on a tmpfs
// of the given size. Filling it, and freeing it again, is as real as a full disk gets:
// the kernel answers ENOSPC. From outside, the test reaches the files on it through
// /proc/PID/root (the server keeps the wrapper's process id: each step execs the next).
import { execFileSync } from 'node:child_process';
import { statfsSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SMALL_DISK_FIX =
  'The disk-full tests need util-linux (unshare) and unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1)';

/** Whether this machine lets the tests make a small disk. */
export function canMakeSmallDisks(): boolean {
  try {
    execFileSync('unshare', ['--user', '--map-root-user', '--mount', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `command` run with `dir` (which must exist) on a tmpfs of `sizeKiB`, and `setup` (a
 * shell line run there first, e.g. copying a store in) before it.
 */
export function onSmallDisk(dir: string, sizeKiB: number, setup = 'true'): (command: string[]) => string[] {
  return (command) => [
    'unshare',
    '--user',
    '--map-root-user',
    '--mount',
    '--',
    'sh',
    '-c',
    `mount -t tmpfs -o size=${sizeKiB}k,mode=0700 tmpfs "$0" && (${setup}) && exec "$@"`,
    dir,
    ...command,
  ];
}

/** A file on the small disk of process `pid`, as seen from outside its namespace. */
export const onDiskOf = (pid: number, path: string) => join(`/proc/${pid}/root`, path);

/** Takes all but `leaveKiB` of the small disk's free space with a file; returns a function that frees it. */
export function fillSmallDisk(pid: number, dir: string, leaveKiB: number): () => void {
  const filler = onDiskOf(pid, join(dir, 'filler'));
  const { bavail, bsize } = statfsSync(onDiskOf(pid, dir));
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leaveKiB * 1024)));
  return () => unlinkSync(filler);
}
