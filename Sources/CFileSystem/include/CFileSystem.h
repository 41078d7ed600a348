// What Glibc's Swift module leaves out and saving a file needs: extended
// attributes (<sys/xattr.h>), so that a save carries them to the new file.
#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H
#include <sys/types.h>
#include <sys/xattr.h>
#endif
