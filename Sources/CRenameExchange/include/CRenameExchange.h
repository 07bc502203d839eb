#ifndef C_RENAME_EXCHANGE_H
#define C_RENAME_EXCHANGE_H

/// Swaps the entries at `first` and `second` in one step (`renameat2` with `RENAME_EXCHANGE`):
/// both must exist, and at no moment is either name missing. Returns 0, or -1 with errno set
/// (EINVAL or ENOSYS where the file system or the system cannot do it).
int site_rename_exchange(const char *first, const char *second);

#endif
