// What Glibc's Swift module leaves out and saving a file needs: extended
// attributes (<sys/xattr.h>), so that a save carries them to the new file.
// Linux and Darwin declare the calls with different arguments (Darwin's take a
// position and options): these wrappers give Swift one signature on both.
#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H
#include <sys/types.h>
#include <sys/xattr.h>

/// The names of `path`'s extended attributes, NUL-separated, into `names`
/// (their total size when `names` is NULL); -1 with errno on failure.
static inline ssize_t cfs_listxattr(const char *path, char *names, size_t size) {
#ifdef __APPLE__
    return listxattr(path, names, size, 0);
#else
    return listxattr(path, names, size);
#endif
}

/// The value of `path`'s attribute `name` into `value` (its size when
/// `value` is NULL); -1 with errno on failure.
static inline ssize_t cfs_getxattr(const char *path, const char *name, void *value, size_t size) {
#ifdef __APPLE__
    return getxattr(path, name, value, size, 0, 0);
#else
    return getxattr(path, name, value, size);
#endif
}

/// Sets the attribute `name` of the open file `descriptor`; 0 on success.
static inline int cfs_fsetxattr(int descriptor, const char *name, const void *value, size_t size) {
#ifdef __APPLE__
    return fsetxattr(descriptor, name, value, size, 0, 0);
#else
    return fsetxattr(descriptor, name, value, size, 0);
#endif
}

/// Sets the attribute `name` of `path`; 0 on success.
static inline int cfs_setxattr(const char *path, const char *name, const void *value, size_t size) {
#ifdef __APPLE__
    return setxattr(path, name, value, size, 0, 0);
#else
    return setxattr(path, name, value, size, 0);
#endif
}
#endif
