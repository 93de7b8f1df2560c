pub mod emergency_contacts;
pub mod hr_doc_requests;
pub mod hr_documents;
pub mod hr_events;
pub mod hr_types;
