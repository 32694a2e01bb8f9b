//! Files given compressed (`records.jsonl.gz`, `preds.json.zst`): told by their first bytes, not
//! their names, and read through a decompressing stream, so every reader sees the plain content.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

pub use benchscope_contract::file_names::Compression;

/// The compression of the file at `path`, `None` when it is not compressed or cannot be read
/// (reading it then names the fault).
pub fn compression_of(path: &Path) -> Option<Compression> {
    let mut start = Vec::with_capacity(4);
    File::open(path).ok()?.take(4).read_to_end(&mut start).ok()?;
    Compression::of_start(&start)
}

/// The file at `path`, decompressed as it is read when it is compressed (told by the first bytes
/// of the same read).
pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    let mut file = BufReader::with_capacity(1 << 16, File::open(path)?);
    Ok(match Compression::of_start(file.fill_buf()?) {
        None => Box::new(file),
        Some(compression) => Box::new(BufReader::with_capacity(1 << 16, decoder(compression, file)?)),
    })
}

fn decoder(compression: Compression, file: BufReader<File>) -> io::Result<Box<dyn Read + Send>> {
    let what = compression.name();
    let named = move |error: io::Error| io::Error::new(error.kind(), format!("{what}: {error}"));
    Ok(match compression {
        // Multi-member: `cat a.gz b.gz` and bgzip write several members; all of them are the file.
        Compression::Gzip => Box::new(NamedErrors(flate2::bufread::MultiGzDecoder::new(file), what)),
        Compression::Zstd => Box::new(NamedErrors(zstd::stream::read::Decoder::with_buffer(file).map_err(named)?, what)),
    })
}

/// A decoder whose errors say which decompression failed ("gzip: corrupt deflate stream").
struct NamedErrors<R>(R, &'static str);

impl<R: Read> Read for NamedErrors<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0
            .read(buf)
            .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", self.1)))
    }
}

/// The whole content of the file at `path`, decompressed when it is compressed. A compressed
/// file that inflates past [`MAX_WHOLE_BYTES`] (a decompression bomb's way: a few megabytes can
/// hold terabytes) is an error, not a process out of memory.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    read_bounded(path, MAX_WHOLE_BYTES)
}

fn read_bounded(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    if compression_of(path).is_none() {
        return std::fs::read(path);
    }
    let mut bytes = Vec::new();
    open(path)?.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it decompresses to more than {}, more than a document read whole holds",
                amount(max)
            ),
        ));
    }
    Ok(bytes)
}

fn amount(bytes: u64) -> String {
    match bytes {
        0..0x100000 => format!("{bytes} bytes"),
        _ => format!("{} MB", bytes >> 20),
    }
}

/// Far more than the largest document read whole (a leaderboard, a run summary, a test log);
/// a plain file is its size on disk and is not bounded.
const MAX_WHOLE_BYTES: u64 = 1 << 30;

pub use benchscope_contract::file_names::plain_name;

/// A compressed file's content written out whole, for readers that need a file (Parquet seeks;
/// the record readers look at a file more than once). Removed when dropped.
pub struct PlainCopy {
    _dir: tempfile::TempDir,
    path: PathBuf,
    cut: Option<String>,
}

impl PlainCopy {
    /// The decompressed copy of the file at `path` (named as it is, less its compression suffix),
    /// or `None` when the file is not compressed. A compressed stream that breaks off (a cut
    /// download) leaves a copy of what came before the break, and [`PlainCopy::cut`] says why.
    pub fn of(path: &Path) -> io::Result<Option<PlainCopy>> {
        if compression_of(path).is_none() {
            return Ok(None);
        }
        let dir = tempfile::Builder::new().prefix("benchscope-plain-").tempdir()?;
        let name = path.file_name().map_or("input".into(), |n| n.to_string_lossy().into_owned());
        let copy = dir.path().join(plain_name(&name));
        let mut out = io::BufWriter::with_capacity(1 << 20, File::create(&copy)?);
        let cut = copy_until_broken(&mut open(path)?, &mut out)?;
        out.flush()?;
        Ok(Some(PlainCopy {
            _dir: dir,
            path: copy,
            cut,
        }))
    }

    /// Why decompressing stopped before the end of the file, when it did.
    pub fn cut(&self) -> Option<&str> {
        self.cut.as_deref()
    }

    /// Where the copy is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Copies `from` into `to` until `from` ends or fails to read; a failure to read is returned as
/// the reason the copy stopped, a failure to write as the error.
fn copy_until_broken(from: &mut impl Read, to: &mut impl Write) -> io::Result<Option<String>> {
    let mut buffer = vec![0; 1 << 16];
    loop {
        match from.read(&mut buffer) {
            Ok(0) => return Ok(None),
            Ok(read) => to.write_all(&buffer[..read])?,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Ok(Some(error.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &[u8] = b"{\"instance_id\": \"a\"}\n{\"instance_id\": \"b\"}\n";

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn gzip_zstd_and_plain_files_read_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let plain = write(dir.path(), "a.jsonl", TEXT);
        let gz = write(dir.path(), "a.jsonl.gz", &gzip(TEXT));
        let zst = write(dir.path(), "a.jsonl.zst", &zstd::encode_all(TEXT, 3).unwrap());
        for path in [&plain, &gz, &zst] {
            assert_eq!(read(path).unwrap(), TEXT, "{}", path.display());
        }
        assert_eq!(compression_of(&gz), Some(Compression::Gzip));
        assert_eq!(compression_of(&zst), Some(Compression::Zstd));
        assert_eq!(compression_of(&plain), None);
    }

    #[test]
    fn a_compressed_file_read_whole_is_bounded_and_a_plain_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let zeros = vec![b'0'; 10_000];
        let bomb = write(dir.path(), "bomb.json.gz", &gzip(&zeros));
        let error = read_bounded(&bomb, 1_000).unwrap_err();
        assert!(error.to_string().contains("decompresses to more than 1000 bytes"), "{error}");
        assert_eq!(read_bounded(&bomb, 10_000).unwrap().len(), 10_000);
        let plain = write(dir.path(), "plain.json", &zeros);
        assert_eq!(read_bounded(&plain, 1_000).unwrap(), zeros);
    }

    #[test]
    fn a_gzip_of_several_members_reads_whole() {
        let dir = tempfile::tempdir().unwrap();
        let (first, second) = TEXT.split_at(21);
        let path = write(dir.path(), "a.jsonl.gz", &[gzip(first), gzip(second)].concat());
        assert_eq!(read(&path).unwrap(), TEXT);
    }

    #[test]
    fn a_cut_gzip_is_an_error_that_names_gzip() {
        let dir = tempfile::tempdir().unwrap();
        let whole = gzip(&TEXT.repeat(100));
        let path = write(dir.path(), "a.jsonl.gz", &whole[..whole.len() / 2]);
        let error = read(&path).unwrap_err();
        assert!(error.to_string().starts_with("gzip: "), "{error}");
    }

    #[test]
    fn a_plain_copy_is_named_without_its_suffix_and_goes_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let gz = write(dir.path(), "records.JSONL.GZ", &gzip(TEXT));
        let copy = PlainCopy::of(&gz).unwrap().unwrap();
        assert_eq!(copy.cut(), None);
        assert_eq!(copy.path().file_name().unwrap(), "records.JSONL");
        assert_eq!(std::fs::read(copy.path()).unwrap(), TEXT);
        let copied = copy.path().to_path_buf();
        drop(copy);
        assert!(!copied.exists());
        assert!(PlainCopy::of(&write(dir.path(), "plain.jsonl", TEXT)).unwrap().is_none());
    }

    #[test]
    fn a_cut_gzip_leaves_a_copy_of_what_came_before_the_cut() {
        let dir = tempfile::tempdir().unwrap();
        let text = TEXT.repeat(10_000);
        let whole = gzip(&text);
        let path = write(dir.path(), "a.jsonl.gz", &whole[..whole.len() / 2]);
        let copy = PlainCopy::of(&path).unwrap().unwrap();
        assert!(copy.cut().is_some_and(|why| why.starts_with("gzip: ")), "{:?}", copy.cut());
        let copied = std::fs::read(copy.path()).unwrap();
        assert!(!copied.is_empty() && copied.len() < text.len() && text.starts_with(&copied));
    }
}
