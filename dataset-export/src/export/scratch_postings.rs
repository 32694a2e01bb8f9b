//! The search index's scratch postings: what the postings thread appends to its log and the
//! finishers read back, bucket by bucket.
//!
//! A posting is `[term length: u8][term][document: LEB128][frequency: LEB128]`. Binary, because
//! as text (`term\tdoc\ttf\n`) the numbers were formatted on the way out and parsed on the way
//! back, and every line was searched for its tabs and newline: about a tenth of an export.

use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::PathBuf;

use anyhow::{bail, Context};

/// The longest term a posting holds, in bytes (terms are at most 40 characters, so 160 bytes).
const MAX_TERM_BYTES: usize = u8::MAX as usize;

/// The longest posting: length byte, term, and two `u32`s of five LEB128 bytes each.
const MAX_POSTING_BYTES: usize = 1 + MAX_TERM_BYTES + 5 + 5;

/// Appends one posting to `out`.
pub fn push_posting(out: &mut Vec<u8>, term: &str, doc: u32, tf: u32) {
    let length = u8::try_from(term.len()).expect("search terms are at most 40 characters");
    out.push(length);
    out.extend_from_slice(term.as_bytes());
    push_varint(out, doc);
    push_varint(out, tf);
}

fn push_varint(out: &mut Vec<u8>, mut value: u32) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// One posting read back, borrowed from the reader's buffer.
pub struct Posting<'a> {
    pub term: &'a [u8],
    pub doc: u32,
    pub tf: u32,
    /// The posting's bytes as written, to copy it elsewhere unchanged.
    pub raw: &'a [u8],
}

/// Where one bucket's scratch postings are: byte ranges of a file, read in order. A bucket's
/// postings are ranges of the postings thread's one log (a file per bucket cost a file created,
/// reopened at every flush and deleted: a few hundred to thousands of each per split, on the
/// thread every export waits for); the children of a bucket too large for one shard each get a
/// file of their own.
#[derive(Debug, Clone)]
pub struct Scratch {
    pub path: PathBuf,
    pub ranges: Vec<Range<u64>>,
    /// Whether the file holds nothing else, to be removed once read.
    pub owns_file: bool,
}

impl Scratch {
    /// The whole of the file at `path`, which holds this bucket alone.
    pub fn file(path: PathBuf) -> std::io::Result<Self> {
        let length = std::fs::metadata(&path)?.len();
        Ok(Scratch {
            path,
            ranges: std::iter::once(0..length).collect(),
            owns_file: true,
        })
    }

    /// Bytes of postings.
    pub fn size(&self) -> u64 {
        self.ranges.iter().map(|range| range.end - range.start).sum()
    }

    /// Removes the file when it holds this bucket alone (the log goes with the scratch directory).
    pub fn remove(&self) -> std::io::Result<()> {
        if self.owns_file {
            std::fs::remove_file(&self.path)?;
        }
        Ok(())
    }

    fn reader(&self) -> std::io::Result<RangesReader> {
        Ok(RangesReader {
            file: std::fs::File::open(&self.path)?,
            ranges: self.ranges.clone().into_iter(),
            left: 0,
        })
    }
}

/// Reads the ranges of a file one after another, as one stream.
struct RangesReader {
    file: std::fs::File,
    ranges: std::vec::IntoIter<Range<u64>>,
    /// Bytes left of the range being read.
    left: u64,
}

impl Read for RangesReader {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        while self.left == 0 {
            let Some(range) = self.ranges.next() else {
                return Ok(0);
            };
            self.file.seek(SeekFrom::Start(range.start))?;
            self.left = range.end - range.start;
        }
        let wanted = buffer.len().min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let read = self.file.read(&mut buffer[..wanted])?;
        if read == 0 && wanted > 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        self.left -= read as u64;
        Ok(read)
    }
}

/// Calls `each` with every posting of `scratch`, streaming through a buffer of a fixed size (a
/// bucket being split can be far larger than the memory an export keeps).
pub fn for_each_posting(scratch: &Scratch, mut each: impl FnMut(Posting<'_>) -> anyhow::Result<()>) -> anyhow::Result<()> {
    let path = scratch.path.as_path();
    let mut file = scratch.reader().with_context(|| format!("reading {}", path.display()))?;
    let mut buffer = vec![0u8; buffer_size(scratch.size())];
    let (mut start, mut end) = (0, 0);
    let mut at_end = false;
    loop {
        if end - start < MAX_POSTING_BYTES && !at_end {
            buffer.copy_within(start..end, 0);
            (start, end) = (0, end - start);
            while end < buffer.len() {
                let read = file
                    .read(&mut buffer[end..])
                    .with_context(|| format!("reading {}", path.display()))?;
                if read == 0 {
                    at_end = true;
                    break;
                }
                end += read;
            }
        }
        if start == end {
            return Ok(());
        }
        let Some((posting, length)) = decode(&buffer[start..end]) else {
            bail!("{} ends inside a posting, {} bytes from its end", path.display(), end - start);
        };
        each(posting)?;
        start += length;
    }
}

/// A reading buffer no larger than the bucket: most buckets are a few kilobytes, and zeroing a
/// megabyte for each of them cost more than reading them.
fn buffer_size(bucket_bytes: u64) -> usize {
    usize::try_from(bucket_bytes)
        .unwrap_or(usize::MAX)
        .clamp(MAX_POSTING_BYTES, 1 << 20)
}

/// The posting at the start of `bytes` and its length; `None` when `bytes` ends inside it.
fn decode(bytes: &[u8]) -> Option<(Posting<'_>, usize)> {
    let (&length, rest) = bytes.split_first()?;
    let term = rest.get(..length as usize)?;
    let mut at = 1 + length as usize;
    let doc = read_varint(bytes, &mut at)?;
    let tf = read_varint(bytes, &mut at)?;
    Some((
        Posting {
            term,
            doc,
            tf,
            raw: &bytes[..at],
        },
        at,
    ))
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u32> {
    let mut value = 0u32;
    for shift in (0..35).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        let bits = u32::from(byte & 0x7f);
        if shift == 28 && bits > 0x0f {
            return None;
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
    None
}

/// A term read back is the UTF-8 the postings thread wrote.
pub fn term_text(term: &[u8]) -> anyhow::Result<&str> {
    match std::str::from_utf8(term) {
        Ok(text) => Ok(text),
        Err(_) => bail!("a scratch posting's term is not UTF-8: {:?}", String::from_utf8_lossy(term)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> anyhow::Result<Vec<(String, u32, u32)>> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("scratch");
        std::fs::write(&path, bytes).unwrap();
        let mut postings = Vec::new();
        for_each_posting(&Scratch::file(path).unwrap(), |p| {
            postings.push((term_text(p.term)?.to_string(), p.doc, p.tf));
            Ok(())
        })?;
        Ok(postings)
    }

    #[test]
    fn postings_are_read_back_as_written() {
        let written: Vec<(String, u32, u32)> = [0, 1, 127, 128, 16_383, 16_384, 65_535, u32::MAX]
            .into_iter()
            .enumerate()
            .map(|(n, doc)| (format!("term{n}über"), doc, n as u32 * 300))
            .collect();
        let mut bytes = Vec::new();
        for (term, doc, tf) in &written {
            push_posting(&mut bytes, term, *doc, *tf);
        }
        assert_eq!(read_all(&bytes).unwrap(), written);
    }

    /// More postings than one buffer holds, so some straddle a refill.
    #[test]
    fn a_file_larger_than_the_buffer_is_read_whole() {
        let mut bytes = Vec::new();
        let count = 200_000;
        for doc in 0..count {
            push_posting(&mut bytes, &"x".repeat(1 + doc as usize % 40), doc, doc % 7);
        }
        assert!(bytes.len() > 2 << 20);
        let read = read_all(&bytes).unwrap();
        assert_eq!(read.len(), count as usize);
        assert!(read
            .iter()
            .enumerate()
            .all(|(n, (term, doc, tf))| { *doc == n as u32 && *tf == n as u32 % 7 && term.len() == 1 + n % 40 }));
    }

    /// A bucket's ranges of the log are read as one stream, and nothing between them.
    #[test]
    fn ranges_of_a_log_are_read_in_order_and_alone() {
        let mut log = b"junk".to_vec();
        let first = log.len() as u64;
        push_posting(&mut log, "alpha", 1, 2);
        let between = log.len() as u64;
        push_posting(&mut log, "other", 9, 9);
        let second = log.len() as u64;
        push_posting(&mut log, "beta", 300, 1);
        push_posting(&mut log, "gamma", 70_000, 4);
        let end = log.len() as u64;
        log.extend_from_slice(b"more junk");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("postings.log");
        std::fs::write(&path, &log).unwrap();
        let scratch = Scratch {
            path: path.clone(),
            ranges: vec![first..between, second..end],
            owns_file: false,
        };
        let mut read = Vec::new();
        for_each_posting(&scratch, |p| {
            read.push((term_text(p.term)?.to_string(), p.doc, p.tf));
            Ok(())
        })
        .unwrap();
        assert_eq!(read, [("alpha".into(), 1, 2), ("beta".into(), 300, 1), ("gamma".into(), 70_000, 4)]);
        assert_eq!(scratch.size(), between - first + end - second);
        scratch.remove().unwrap();
        assert!(path.exists(), "the log is not one bucket's to remove");
    }

    #[test]
    fn a_cut_or_corrupt_file_is_an_error_naming_it() {
        let mut bytes = Vec::new();
        push_posting(&mut bytes, "alpha", 300, 2);
        for cut in 1..bytes.len() {
            let error = read_all(&bytes[..cut]).unwrap_err().to_string();
            assert!(error.contains("scratch") && error.contains("ends inside a posting"), "{error}");
        }
        // A sixth continuation byte, and a fifth byte past 32 bits.
        assert!(read_all(&[1, b'a', 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 1]).is_err());
        assert!(read_all(&[1, b'a', 0xff, 0xff, 0xff, 0xff, 0x1f, 1]).is_err());
        assert!(term_text(&[0xff, 0xfe]).is_err());
    }
}
