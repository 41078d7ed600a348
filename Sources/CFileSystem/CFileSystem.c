// The header is all there is: this file makes the folder a C target.
#include "CFileSystem.h"
