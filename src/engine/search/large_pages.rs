//! A zero-initialised array for the transposition table, aligned to 2 MB and, on Linux, advised
//! to use transparent huge pages (`madvise(MADV_HUGEPAGE)`). A table of many megabytes is probed
//! at random once per node; with 4 kB pages nearly every probe also misses the TLB, and the page
//! walk costs as much as the cache miss itself (measured: `bench` at depth 12 runs a quarter
//! slower than at depth 8 per instruction, the difference being the table).

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::ops::Deref;
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 << 20;

/// `len` values of `T`, all bytes zero at creation. `T` must be valid when all-zero.
pub struct LargeArray<T> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: the array owns its elements like a `Box<[T]>` does.
unsafe impl<T: Send> Send for LargeArray<T> {}
// SAFETY: shared access only hands out `&[T]`.
unsafe impl<T: Sync> Sync for LargeArray<T> {}

impl<T> LargeArray<T> {
    /// # Safety
    /// The all-zero bit pattern must be a valid `T` (true of atomics and integers).
    pub unsafe fn zeroed(len: usize) -> LargeArray<T> {
        // SAFETY: passed on from the caller.
        match unsafe { LargeArray::try_zeroed(len) } {
            Some(a) => a,
            None => handle_alloc_error(Layout::new::<T>()),
        }
    }

    /// Like `zeroed`, but `None` when the memory cannot be had (the caller can ask for less).
    ///
    /// # Safety
    /// The all-zero bit pattern must be a valid `T` (true of atomics and integers).
    pub unsafe fn try_zeroed(len: usize) -> Option<LargeArray<T>> {
        let size = len.checked_mul(std::mem::size_of::<T>())?.max(1);
        let align = if size >= HUGE_PAGE { HUGE_PAGE } else { std::mem::align_of::<T>() };
        let layout = Layout::from_size_align(size, align.max(std::mem::align_of::<T>())).ok()?;
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc(layout) };
        let ptr = NonNull::new(raw as *mut T)?;
        // The advice must come before the first touch: pages already faulted in stay small.
        #[cfg(target_os = "linux")]
        if size >= HUGE_PAGE {
            // SAFETY: advice on memory we own; failure only means small pages.
            unsafe { libc::madvise(raw as *mut libc::c_void, size, libc::MADV_HUGEPAGE) };
        }
        // SAFETY: `size` bytes are ours to write.
        unsafe { std::ptr::write_bytes(raw, 0, size) };
        Some(LargeArray { ptr, len, layout })
    }
}

impl<T> Deref for LargeArray<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` zero-initialised (hence valid) elements live at `ptr`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for LargeArray<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout; `T` has no drop glue that matters for
        // the atomics stored here, but run it anyway for correctness.
        unsafe {
            std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(self.ptr.as_ptr(), self.len));
            dealloc(self.ptr.as_ptr() as *mut u8, self.layout);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn large_arrays_are_zeroed_and_aligned() {
        // SAFETY: all-zero is a valid AtomicU64.
        let a: LargeArray<AtomicU64> = unsafe { LargeArray::zeroed(1 << 19) };
        assert_eq!(a.len(), 1 << 19);
        assert_eq!(a.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(a.iter().all(|x| x.load(Ordering::Relaxed) == 0));
        a[12345].store(7, Ordering::Relaxed);
        assert_eq!(a[12345].load(Ordering::Relaxed), 7);
        // SAFETY: as above.
        let small: LargeArray<AtomicU64> = unsafe { LargeArray::zeroed(3) };
        assert_eq!(small.len(), 3);
    }
}
