//! HR documents: PDFs, Office files and images kept in employees' folders. Unlike avatars and
//! logos they are private to the records they belong to, so they are read only through
//! [`Files::open_private`], which the record's owner (hr) calls after its own check of who may
//! see the record; `Files::open` (the `/files/{id}` route) refuses them.
//!
//! The uploader's file name is a claim: it is kept, cleaned, as the name the file downloads
//! with, and never used for storage (keys are random). A name with a folder path in it is
//! refused rather than cut, so the person sees their mistake.

use crate::entities::stored_files;
use crate::sniff::{sniff_document, Kind};
use crate::{Files, FilesError, Purpose};
use kernel::{FileId, TenantCtx};
use sea_orm::{EntityTrait, QueryFilter};

/// Largest HR document accepted.
pub const MAX_DOCUMENT_BYTES: usize = 10 * 1024 * 1024;

pub const NOT_PDF_OR_IMAGE_MESSAGE: &str = "Please upload a PDF or an image.";
pub const NOT_A_DOCUMENT_MESSAGE: &str = "Please upload a PDF, a Word, Excel or PowerPoint file, or an image.";
pub const PATH_IN_NAME_MESSAGE: &str = "The file name may not contain a folder path.";
pub const BAD_NAME_MESSAGE: &str = "Please give the file a name without control characters, under 255 characters.";

/// A stored document and the name it downloads with.
#[derive(Debug, Clone)]
pub struct SavedDocument {
    pub file: crate::StoredFile,
    pub name: String,
}

/// The uploader's file name made safe to show and to send in a `Content-Disposition`: trimmed,
/// no folder path (refused), no control characters, at most 255 characters. An empty name
/// becomes `document`.
pub fn clean_file_name(name: &str) -> Result<String, &'static str> {
    let name = name.trim();
    if name.contains('/') || name.contains('\\') || name == "." || name == ".." {
        return Err(PATH_IN_NAME_MESSAGE);
    }
    if name.chars().any(char::is_control) || name.chars().count() > 255 {
        return Err(BAD_NAME_MESSAGE);
    }
    Ok(if name.is_empty() { "document".to_owned() } else { name.to_owned() })
}

/// The name with the extension of what the bytes are, when the claimed one says otherwise
/// (a `report.exe` that is a PDF downloads as `report.exe.pdf`).
fn with_true_extension(name: String, kind: Kind) -> String {
    let claimed = name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase());
    let fits = claimed.as_deref().is_some_and(|ext| kind.extensions().contains(&ext));
    if fits {
        name
    } else {
        format!("{name}.{}", kind.extension())
    }
}

impl Files {
    /// Checks and stores an HR document: its kind from its bytes (and, for the Office formats
    /// of before 2007, which share one container, the claimed extension among theirs), its size,
    /// its name.
    pub async fn save_document(
        &self,
        ctx: &TenantCtx,
        bytes: &[u8],
        claimed_name: &str,
    ) -> Result<SavedDocument, FilesError> {
        self.save_checked(ctx, bytes, claimed_name, |_| true, NOT_A_DOCUMENT_MESSAGE).await
    }

    /// Checks and stores a private file that must be a PDF or an image (a licence, a CE
    /// certificate): what a state or a course provider issues, and nothing that runs macros.
    pub async fn save_pdf_or_image(
        &self,
        ctx: &TenantCtx,
        bytes: &[u8],
        claimed_name: &str,
    ) -> Result<SavedDocument, FilesError> {
        let accepts = |kind: Kind| kind == Kind::Pdf || kind.is_image();
        self.save_checked(ctx, bytes, claimed_name, accepts, NOT_PDF_OR_IMAGE_MESSAGE).await
    }

    async fn save_checked(
        &self,
        ctx: &TenantCtx,
        bytes: &[u8],
        claimed_name: &str,
        accepts: impl Fn(Kind) -> bool,
        refusal: &'static str,
    ) -> Result<SavedDocument, FilesError> {
        let name = clean_file_name(claimed_name).map_err(FilesError::Rejected)?;
        if bytes.is_empty() {
            return Err(FilesError::Rejected(crate::EMPTY_FILE_MESSAGE));
        }
        if bytes.len() > MAX_DOCUMENT_BYTES {
            return Err(FilesError::TooLarge { max_bytes: MAX_DOCUMENT_BYTES });
        }
        let kind = sniff_document(bytes, &name).filter(|kind| accepts(*kind)).ok_or(FilesError::Rejected(refusal))?;
        let file = self.store(ctx, Purpose::HrDocument, kind, bytes).await?;
        Ok(SavedDocument { file, name: with_true_extension(name, kind) })
    }

    /// A private file (an HR document) of the caller's company. The caller has checked that
    /// the person may see the record the file belongs to.
    pub async fn open_private(&self, ctx: &TenantCtx, id: FileId) -> Result<(crate::StoredFile, Vec<u8>), FilesError> {
        let file = stored_files::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<stored_files::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(FilesError::NotFound)?;
        self.read(file).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_nothing_but_paths_are_refused() {
        assert_eq!(clean_file_name("  Offer letter.pdf "), Ok("Offer letter.pdf".to_owned()));
        assert_eq!(clean_file_name("Résumé – 2026.docx"), Ok("Résumé – 2026.docx".to_owned()));
        assert_eq!(clean_file_name(""), Ok("document".to_owned()));
        assert_eq!(clean_file_name("../../etc/passwd"), Err(PATH_IN_NAME_MESSAGE));
        assert_eq!(clean_file_name("C:\\Users\\me\\w4.pdf"), Err(PATH_IN_NAME_MESSAGE));
        assert_eq!(clean_file_name("/tmp/x.pdf"), Err(PATH_IN_NAME_MESSAGE));
        assert_eq!(clean_file_name(".."), Err(PATH_IN_NAME_MESSAGE));
        assert_eq!(clean_file_name("a\u{0}.pdf"), Err(BAD_NAME_MESSAGE));
        assert_eq!(clean_file_name("x\r\nX-Injected: 1.pdf"), Err(BAD_NAME_MESSAGE));
    }

    #[test]
    fn a_lying_extension_gets_the_true_one() {
        assert_eq!(with_true_extension("w4.pdf".into(), Kind::Pdf), "w4.pdf");
        assert_eq!(with_true_extension("W4.PDF".into(), Kind::Pdf), "W4.PDF");
        assert_eq!(with_true_extension("photo.jpeg".into(), Kind::Jpeg), "photo.jpeg");
        assert_eq!(with_true_extension("report.exe".into(), Kind::Pdf), "report.exe.pdf");
        assert_eq!(with_true_extension("notes".into(), Kind::Docx), "notes.docx");
    }
}
