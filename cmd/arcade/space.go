package main

import (
	"syscall"

	"charm.land/log/v2"
)

// lowSpace is the free space under which the server warns at start: a
// full disk makes every table wait (they cannot be saved).
const lowSpace = 256 << 20

// warnLowSpace logs a warning when the data directory's file system has
// less than lowSpace bytes free for the server.
func warnLowSpace(dir string, logger *log.Logger) {
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil {
		return
	}
	if free := fs.Bavail * uint64(fs.Bsize); free < lowSpace {
		logger.Warn("the data directory is low on free space: when it is full, tables wait until they can be saved",
			"dir", dir, "free-MiB", free>>20, "want-MiB", lowSpace>>20)
	}
}
