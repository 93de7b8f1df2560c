pub mod stored_files;
