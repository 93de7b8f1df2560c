//! What a file really is, from its first bytes: the extension and the browser's `Content-Type`
//! are the uploader's claims, not facts.

/// The kinds of file the product accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Png,
    Jpeg,
    Gif,
    Webp,
    Pdf,
    /// Office Open XML (2007 and later): a ZIP whose parts name the application.
    Docx,
    Xlsx,
    Pptx,
    /// Office 97–2003: one container format (OLE compound file) for all three.
    Doc,
    Xls,
    Ppt,
}

impl Kind {
    pub fn media_type(self) -> &'static str {
        match self {
            Kind::Png => "image/png",
            Kind::Jpeg => "image/jpeg",
            Kind::Gif => "image/gif",
            Kind::Webp => "image/webp",
            Kind::Pdf => "application/pdf",
            Kind::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            Kind::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            Kind::Pptx => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
            Kind::Doc => "application/msword",
            Kind::Xls => "application/vnd.ms-excel",
            Kind::Ppt => "application/vnd.ms-powerpoint",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
            Kind::Gif => "gif",
            Kind::Webp => "webp",
            Kind::Pdf => "pdf",
            Kind::Docx => "docx",
            Kind::Xlsx => "xlsx",
            Kind::Pptx => "pptx",
            Kind::Doc => "doc",
            Kind::Xls => "xls",
            Kind::Ppt => "ppt",
        }
    }

    /// Every extension a file of this kind goes by.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Kind::Jpeg => &["jpg", "jpeg"],
            Kind::Png => &["png"],
            Kind::Gif => &["gif"],
            Kind::Webp => &["webp"],
            Kind::Pdf => &["pdf"],
            Kind::Docx => &["docx"],
            Kind::Xlsx => &["xlsx"],
            Kind::Pptx => &["pptx"],
            Kind::Doc => &["doc"],
            Kind::Xls => &["xls"],
            Kind::Ppt => &["ppt"],
        }
    }

    pub fn is_image(self) -> bool {
        matches!(self, Kind::Png | Kind::Jpeg | Kind::Gif | Kind::Webp)
    }
}

/// The kind of `bytes` by their signature, or `None` for anything else (SVG included: it can
/// carry scripts).
pub fn sniff(bytes: &[u8]) -> Option<Kind> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Kind::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(Kind::Jpeg)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(Kind::Gif)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP".as_slice()) {
        Some(Kind::Webp)
    } else if bytes.starts_with(b"%PDF-") {
        Some(Kind::Pdf)
    } else {
        None
    }
}

/// The kind of an HR document: an image or a PDF by [`sniff`], an Office file by its container.
/// A current Office file is a ZIP archive whose `[Content_Types].xml` and parts (`word/`, `xl/`,
/// `ppt/`) name its application: their names are read from the archive's central directory, not
/// taken from the uploader. The 1997–2003 formats share one container (OLE) with no cheap way to
/// tell them apart, so the claimed extension picks among those three only; any other name for
/// such a container is refused.
pub fn sniff_document(bytes: &[u8], name: &str) -> Option<Kind> {
    if let Some(kind) = sniff(bytes) {
        return Some(kind);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return office_open_xml(bytes);
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        let extension = name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase())?;
        return [Kind::Doc, Kind::Xls, Kind::Ppt].into_iter().find(|kind| kind.extension() == extension);
    }
    None
}

/// The application of an Office Open XML archive, from the entry names of its central
/// directory (at the end of the file: the end record gives its offset and size).
fn office_open_xml(bytes: &[u8]) -> Option<Kind> {
    const END: &[u8] = b"PK\x05\x06";
    // The end record is 22 bytes plus a comment of at most 64 KiB.
    let search_from = bytes.len().saturating_sub(22 + 65_535);
    let tail = bytes.get(search_from..)?;
    let end_at = search_from + tail.windows(4).rposition(|window| window == END)?;
    let end = bytes.get(end_at..end_at + 22)?;
    let directory_size = u32::from_le_bytes(end.get(12..16)?.try_into().ok()?) as usize;
    let directory_at = u32::from_le_bytes(end.get(16..20)?.try_into().ok()?) as usize;
    let directory = bytes.get(directory_at..directory_at.checked_add(directory_size)?)?;
    let mut names = Vec::new();
    let mut at = 0usize;
    while let Some(header) = directory.get(at..at + 46) {
        if header.get(..4)? != b"PK\x01\x02" {
            return None;
        }
        let name_len = u16::from_le_bytes(header.get(28..30)?.try_into().ok()?) as usize;
        let extra_len = u16::from_le_bytes(header.get(30..32)?.try_into().ok()?) as usize;
        let comment_len = u16::from_le_bytes(header.get(32..34)?.try_into().ok()?) as usize;
        names.push(directory.get(at + 46..at + 46 + name_len)?);
        at += 46 + name_len + extra_len + comment_len;
    }
    if !names.iter().any(|name| *name == b"[Content_Types].xml") {
        return None;
    }
    let has = |prefix: &[u8]| names.iter().any(|name| name.starts_with(prefix));
    if has(b"word/") {
        Some(Kind::Docx)
    } else if has(b"xl/") {
        Some(Kind::Xlsx)
    } else if has(b"ppt/") {
        Some(Kind::Pptx)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_the_accepted_kinds_by_their_signatures() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(Kind::Png));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some(Kind::Jpeg));
        assert_eq!(sniff(b"GIF89a.."), Some(Kind::Gif));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(Kind::Webp));
        assert_eq!(sniff(b"%PDF-1.7"), Some(Kind::Pdf));
    }

    /// A minimal stored (uncompressed) ZIP with the given entry names.
    pub(crate) fn zip_with(names: &[&str]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut directory = Vec::new();
        for name in names {
            let offset = out.len() as u32;
            out.extend_from_slice(b"PK\x03\x04");
            out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&[0, 0]);
            out.extend_from_slice(name.as_bytes());
            directory.extend_from_slice(b"PK\x01\x02");
            directory.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            directory.extend_from_slice(&(name.len() as u16).to_le_bytes());
            directory.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            directory.extend_from_slice(&offset.to_le_bytes());
            directory.extend_from_slice(name.as_bytes());
        }
        let directory_at = out.len() as u32;
        out.extend_from_slice(&directory);
        out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
        out.extend_from_slice(&(names.len() as u16).to_le_bytes());
        out.extend_from_slice(&(names.len() as u16).to_le_bytes());
        out.extend_from_slice(&(directory.len() as u32).to_le_bytes());
        out.extend_from_slice(&directory_at.to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out
    }

    #[test]
    fn office_files_are_known_by_their_parts() {
        let docx = zip_with(&["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
        assert_eq!(sniff_document(&docx, "letter.pdf"), Some(Kind::Docx), "the bytes decide, not the name");
        assert_eq!(sniff_document(&zip_with(&["[Content_Types].xml", "xl/workbook.xml"]), "x"), Some(Kind::Xlsx));
        assert_eq!(sniff_document(&zip_with(&["[Content_Types].xml", "ppt/presentation.xml"]), "x"), Some(Kind::Pptx));
        assert_eq!(sniff_document(&zip_with(&["word/document.xml"]), "x.docx"), None, "a plain ZIP");
        assert_eq!(sniff_document(&zip_with(&["[Content_Types].xml", "evil.exe"]), "x.docx"), None);
        assert_eq!(sniff_document(b"PK\x03\x04garbage", "x.docx"), None);
        let ole = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0];
        assert_eq!(sniff_document(&ole, "Budget.XLS"), Some(Kind::Xls));
        assert_eq!(sniff_document(&ole, "memo.doc"), Some(Kind::Doc));
        assert_eq!(sniff_document(&ole, "setup.msi"), None);
        assert_eq!(sniff_document(b"%PDF-1.7", "scan.png"), Some(Kind::Pdf));
        assert_eq!(sniff_document(b"<script>", "w4.pdf"), None);
    }

    #[test]
    fn refuses_look_alikes_and_scripts() {
        assert_eq!(sniff(b""), None);
        assert_eq!(sniff(b"<svg onload=alert(1)>"), None);
        assert_eq!(sniff(b"<html>"), None);
        assert_eq!(sniff(b"RIFF\0\0\0\0WAVE"), None);
        assert_eq!(sniff(b"\x89PNG"), None);
    }
}
