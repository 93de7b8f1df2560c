//! Rich text (a policy's content, an HR event's comments): HTML from the browser's editor, kept
//! only after [`sanitize`] has cut it down to an allow-list.
//!
//! The allow-list is what Mantine's rich-text editor (tiptap) writes for the formatting it
//! offers: paragraphs, line breaks, bold, italic, underline, strike, headings, lists, quotes,
//! code, rules and links. Everything else goes: scripts and styles with their content, event
//! handler and style attributes, and links other than `http`, `https` and `mailto` (so no
//! `javascript:` or `data:` URL). Links open in a new tab without the opener. The sanitiser is
//! ammonia (an HTML5 parser, html5ever, and a maintained allow-list cleaner), not a regular
//! expression: what a browser would parse is what is cleaned.

use std::collections::HashSet;
use std::sync::OnceLock;

/// Longest rich text kept, in bytes of the cleaned HTML (a long policy is some tens of kB).
pub const MAX_RICH_TEXT_BYTES: usize = 200_000;

pub const RICH_TEXT_TOO_LONG: &str = "This text is too long.";

fn cleaner() -> &'static ammonia::Builder<'static> {
    static CLEANER: OnceLock<ammonia::Builder<'static>> = OnceLock::new();
    CLEANER.get_or_init(|| {
        let tags: HashSet<&str> = [
            "p",
            "br",
            "strong",
            "b",
            "em",
            "i",
            "u",
            "s",
            "h1",
            "h2",
            "h3",
            "h4",
            "ul",
            "ol",
            "li",
            "blockquote",
            "code",
            "pre",
            "hr",
            "a",
            "sub",
            "sup",
            "mark",
        ]
        .into_iter()
        .collect();
        let mut builder = ammonia::Builder::default();
        builder
            .tags(tags)
            .clean_content_tags(["script", "style", "template", "iframe", "object", "noscript"].into_iter().collect())
            .generic_attributes(HashSet::new())
            .tag_attributes([("a", ["href"].into_iter().collect())].into_iter().collect())
            .url_schemes(["http", "https", "mailto"].into_iter().collect())
            .link_rel(Some("noopener noreferrer nofollow"))
            .set_tag_attribute_value("a", "target", "_blank")
            .strip_comments(true);
        builder
    })
}

/// The cleaned HTML of `html`: what may be stored and served.
pub fn sanitize(html: &str) -> String {
    cleaner().clean(html).to_string()
}

/// The plain words of rich text (tags dropped, entities kept as written): to tell whether an
/// editor's output is empty (`<p></p>`) and for mails.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text.replace("&nbsp;", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vectors from the OWASP XSS filter evasion cheat sheet and PortSwigger's XSS cheat sheet:
    /// none may leave a script, an event handler, a style or a script URL behind.
    const ATTACKS: &[&str] = &[
        "<script>alert('XSS')</script>",
        "<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>",
        "<IMG SRC=\"javascript:alert('XSS');\">",
        "<IMG SRC=javascript:alert('XSS')>",
        "<IMG SRC=JaVaScRiPt:alert('XSS')>",
        "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
        "<a onmouseover=\"alert(document.cookie)\">xxs link</a>",
        "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
        "<IMG SRC=# onmouseover=\"alert('xxs')\">",
        "<img src=x onerror=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041\">",
        "<a href=\"jav&#x09;ascript:alert('XSS');\">x</a>",
        "<a href=\"jav&#x0A;ascript:alert('XSS');\">x</a>",
        "<a href=\" &#14;  javascript:alert('XSS');\">x</a>",
        "<SCRIPT/XSS SRC=\"http://xss.rocks/xss.js\"></SCRIPT>",
        "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
        "<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>",
        "<SCRIPT SRC=http://xss.rocks/xss.js?< B >",
        "<iframe src=http://xss.rocks/scriptlet.html <",
        "</TITLE><SCRIPT>alert(\"XSS\");</SCRIPT>",
        "<INPUT TYPE=\"IMAGE\" SRC=\"javascript:alert('XSS');\">",
        "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
        "<svg/onload=alert('XSS')>",
        "<svg><script>alert(1)</script></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
        "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
        "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
        "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
        "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
        "<OBJECT TYPE=\"text/x-scriptlet\" DATA=\"http://xss.rocks/scriptlet.html\"></OBJECT>",
        "<EMBED SRC=\"data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==\" type=\"image/svg+xml\" AllowScriptAccess=\"always\"></EMBED>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
        "<p onclick=alert(1) style=\"color:red\">hi</p>",
        "<details open ontoggle=alert(1)>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<form action=javascript:alert(1)><button>x</button></form>",
        "<base href=\"javascript:alert(1)//\">",
        "<!--<img src=\"--><img src=x onerror=alert(1)//\">",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    ];

    #[test]
    fn attacks_from_the_cheat_sheets_leave_nothing_that_runs() {
        for attack in ATTACKS {
            // What the browser would treat as markup: the tags themselves (text outside them is
            // escaped, so `&lt;img onerror=…&gt;` is only words).
            let clean = sanitize(attack).to_ascii_lowercase();
            let tags: String =
                clean.split('<').skip(1).filter_map(|rest| rest.split('>').next()).collect::<Vec<_>>().join(" ");
            let clean = format!("<{tags}");
            for needle in [
                "<script",
                "javascript:",
                "vbscript:",
                "data:",
                "onerror",
                "onload",
                "onclick",
                "onmouseover",
                "ontoggle",
                "style",
                "<iframe",
                "<img",
                "<svg",
                "<object",
                "<embed",
                "<meta",
                "<base",
                "<form",
                "<input",
            ] {
                assert!(!clean.contains(needle), "{attack:?} left {needle:?} in {clean:?}");
            }
        }
    }

    #[test]
    fn the_editors_formatting_is_kept() {
        let html = "<h2>Dress code</h2><p>Wear <strong>business</strong> <em>casual</em>, <u>always</u>.</p>\
                    <ul><li>No jeans</li></ul><ol><li>One</li></ol><blockquote>Quote</blockquote>";
        assert_eq!(sanitize(html), html);
        assert_eq!(
            sanitize("<a href=\"https://example.com/handbook\">Handbook</a>"),
            "<a href=\"https://example.com/handbook\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">Handbook</a>"
        );
    }

    #[test]
    fn plain_text_drops_the_tags() {
        assert_eq!(plain_text("<p></p>"), "");
        assert_eq!(plain_text("<p>Read <strong>this</strong>&nbsp;now</p><p>Thanks</p>"), "Read this now Thanks");
    }
}
