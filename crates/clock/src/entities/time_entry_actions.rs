use sea_orm::entity::prelude::*;

/// One press of a clock button: `start`, `break`, `resume` or `end`, with where it came from
/// (issue 40).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "time_entry_actions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub entry_id: kernel::EntryId,
    pub action_type: String,
    pub action_at: DateTimeUtc,
    pub actor_id: kernel::UserId,
    /// `web`, `kiosk`, `offline` or `edit`.
    pub source: String,
    /// The location the press was judged against (people with locations only).
    pub location_id: Option<kernel::LocationId>,
    /// The geofence's verdict: `inside`, `outside`, `uncertain` or `no_position`.
    pub place_verdict: Option<String>,
    /// The allow-list's verdict: `allowed` or `refused`.
    pub ip_verdict: Option<String>,
    /// Why the press is flagged ("412 m outside Main Office, ±35 m").
    pub place_note: Option<String>,
    /// The position and address judged, kept for the company's retention days.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub accuracy_m: Option<i32>,
    pub client_ip: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
