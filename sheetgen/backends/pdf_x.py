"""A CMYK PDF made a PDF/X, as print shops take it. A PDF/X-4 (ISO 15930-7): every colour in
the CMYK space of the shipped profile (an ICCBased space, the very profile of the output intent,
so that viewers show what the press prints), pictures converted to it (their soft masks kept),
PDF 1.6. A PDF/X-1a:2003 (ISO 15930-4), for shops whose workflow predates colour management
and transparency: the same inks as plain DeviceCMYK (no ICC-based space anywhere), pictures
too, no soft mask (a design with anything see-through is refused before it is drawn), PDF 1.4
without object streams. Both: the output intent with the profile embedded, the PDF/X version
in the Info dictionary and in XMP metadata, trapping said (none). Trim and bleed boxes and
embedded fonts come from the PDF backend itself; form fields never reach here (PDF/X allows
none)."""

from __future__ import annotations

import hashlib
import uuid
import zlib
from functools import cache
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

import pikepdf  # (this module is imported only for a CMYK PDF, by the PDF backend)
from reportlab.lib.rl_accel import fp_str

from sheetgen.backends.cmyk import (
    CONDITION,
    CONDITION_SAID,
    PROFILE_NAME,
    REGISTRY,
    Role,
    convert_image,
    ink,
    profile_bytes,
)
from sheetgen.press.profiles import STANDARDS

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sheetgen.press.profiles import Standard

SPACE = "/CMYK"  # the resource name of the CMYK colour space in every content stream
X4, X1A = STANDARDS["x4"], STANDARDS["x1a"]
PDF_VERSION: dict[Standard, str] = {X4: "1.6", X1A: "1.4"}  # the PDF each is made of


@cache
def operator(
    colour: str, role: Role, stroke: bool, device: bool = False, limit: float | None = None
) -> str:
    """The content stream's operators that set `colour` for `role`, filled or stroked, in the
    ICC-based CMYK space (`/CMYK cs 0 0 0 1 scn`), or in `device` CMYK (`0 0 0 1 k`), within
    the total ink `limit` (percent) where one is given."""
    values = fp_str(*ink(colour, role, limit))
    if device:
        return f"{values} K" if stroke else f"{values} k"
    return f"{SPACE} CS {values} SCN" if stroke else f"{SPACE} cs {values} scn"


@cache
def overprints(colour: str, role: Role) -> bool:
    """Whether `colour` painting `role` is solid black ink alone (text, a line, a small shape),
    which a press prints over the inks under it rather than knocking them out: no white halo
    where the plates are a hair out of register (a large black area, a rich black, knocks out)."""
    return role != "area" and ink(colour, role) == (0.0, 0.0, 0.0, 1.0)


def make_pdfx(pdf: pikepdf.Pdf, standard: Standard, limit: float | None = None) -> None:
    """Make the drawn PDF (every page and form drawn with `operator`, in device CMYK for
    PDF/X-1a) the PDF/X `standard`: for PDF/X-4 the CMYK space in every page's and form's
    resources; pictures in CMYK (for PDF/X-1a in device CMYK, their masks dropped: every pixel
    is opaque, `refuse_see_through`), each pixel within the total ink `limit` (percent) where
    one is given; the output intent, Info and XMP."""
    profile = pdf.make_stream(_deflated_profile(), Filter=pikepdf.Name.FlateDecode, N=4)
    device = standard == X1A
    space = pikepdf.Name.DeviceCMYK if device else pikepdf.Array([pikepdf.Name.ICCBased, profile])
    masks = {image.SMask.objgen for image in _images(pdf) if "/SMask" in image}
    pages = list(pdf.Root.Pages.Kids)  # (not `pdf.pages`: its cache knows reportlab's page)
    for page in [] if device else pages:
        _name_space(page.Resources, space)
    for obj in list(pdf.objects):
        if not isinstance(obj, pikepdf.Stream):  # (forms and images are streams)
            continue
        if obj.get("/Subtype") == "/Form" and not device:
            if "/Resources" not in obj:
                obj.Resources = pikepdf.Dictionary()
            _name_space(obj.Resources, space)
        elif obj.get("/Subtype") == "/Image" and obj.objgen not in masks:
            _to_cmyk(obj, space, limit)
            if device:
                _unmask(obj)
    pdf.Root.OutputIntents = pikepdf.Array(
        [
            pikepdf.Dictionary(
                Type=pikepdf.Name.OutputIntent,
                S=pikepdf.Name.GTS_PDFX,
                OutputConditionIdentifier=CONDITION,
                OutputCondition=CONDITION_SAID,
                RegistryName=REGISTRY,
                Info=PROFILE_NAME,
                DestOutputProfile=profile,
            )
        ]
    )
    if device:
        _newer_preferences_out(pdf)
    info = pdf.docinfo
    info.GTS_PDFXVersion = standard
    info.Trapped = pikepdf.Name("/False")
    pdf.Root.Metadata = pdf.make_stream(
        _xmp(pdf, standard).encode("utf-8"), Type=pikepdf.Name.Metadata, Subtype=pikepdf.Name.XML
    )


def _newer_preferences_out(pdf: pikepdf.Pdf) -> None:
    """Leave out the viewer preferences PDF 1.4 does not know (print scaling came with PDF 1.6,
    duplex with 1.7): hints to a home printer, which a shop's press has no use for."""
    preferences = pdf.Root.get("/ViewerPreferences")
    if preferences is None:
        return
    for key in ("/PrintScaling", "/Duplex"):
        if key in preferences:
            del preferences[key]
    if not preferences.keys():
        del pdf.Root.ViewerPreferences


def _unmask(image: pikepdf.Stream) -> None:
    """Drop a picture's soft mask (or colour-key mask), which PDF/X-1a allows none of: every
    pixel it would keep is opaque (a design with any other is refused before it is drawn)."""
    mask = image.get("/SMask")
    if mask is not None and set(mask.read_bytes()) - {255}:
        raise ValueError("a see-through picture reached a PDF/X-1a")  # refused before drawing
    for key in ("/SMask", "/Mask"):
        if key in image:
            del image[key]


@cache
def _deflated_profile() -> bytes:
    """The profile deflated, once a process (its tables are noise to deflate: 2.7 MB to 2.4,
    at any level; the fastest is a third of a second)."""
    return zlib.compress(profile_bytes(), 1)


def _images(pdf: pikepdf.Pdf) -> Iterator[pikepdf.Stream]:
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
            yield obj


def _name_space(resources: pikepdf.Object, space: pikepdf.Object) -> None:
    """Name the CMYK space in a resource dictionary."""
    spaces = resources.get("/ColorSpace")
    if spaces is None:  # (a dictionary put in another is copied: fill it first)
        resources.ColorSpace = pikepdf.Dictionary({SPACE: space})
    else:
        spaces[SPACE] = space


def _to_cmyk(image: pikepdf.Stream, space: pikepdf.Object, limit: float | None) -> None:
    """A picture's pixels in CMYK through the profile (within the total ink `limit`, percent,
    where one is given), stored deflated in the CMYK space (its soft mask, if any, is a
    separate grey image and stays as it is)."""
    pixels = pikepdf.PdfImage(image).as_pil_image()
    cmyk = convert_image(pixels, limit)
    image.write(zlib.compress(cmyk.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = space
    image.BitsPerComponent = 8
    for key in ("/Decode", "/DecodeParms"):
        if key in image:
            del image[key]


def _xmp(pdf: pikepdf.Pdf, standard: Standard) -> str:
    """The XMP metadata PDF/X-4 asks for (PDF/X-1a:2003 allows it), agreeing with the Info
    dictionary: title, author, subject, keywords, creator and producer, the dates, trapping,
    the PDF/X version and the document's identifiers (from its pages' content, so the same
    pages get the same ones)."""
    info = pdf.docinfo

    def said(key: str) -> str:
        return escape(str(info.get(key, "")))

    created, modified = (_xmp_date(str(info.get(k, ""))) for k in ("/CreationDate", "/ModDate"))
    digest = hashlib.sha256()
    for page in pdf.Root.Pages.Kids:  # (not `pdf.pages`: its cache knows reportlab's page)
        contents = page.Contents
        for part in contents if isinstance(contents, pikepdf.Array) else [contents]:
            digest.update(part.read_raw_bytes())
    digest.update(str(info.get("/Title", "")).encode("utf-8"))
    document = uuid.UUID(bytes=digest.digest()[:16], version=4)
    alt = '<rdf:Alt><rdf:li xml:lang="x-default">{}</rdf:li></rdf:Alt>'
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title>{alt.format(said("/Title"))}</dc:title>
   <dc:creator><rdf:Seq><rdf:li>{said("/Author")}</rdf:li></rdf:Seq></dc:creator>
   <dc:description>{alt.format(said("/Subject"))}</dc:description>
   <pdf:Keywords>{said("/Keywords")}</pdf:Keywords>
   <pdf:Producer>{said("/Producer")}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmp:CreatorTool>{said("/Creator")}</xmp:CreatorTool>
   <xmp:CreateDate>{created}</xmp:CreateDate>
   <xmp:ModifyDate>{modified}</xmp:ModifyDate>
   <xmp:MetadataDate>{modified}</xmp:MetadataDate>
   <xmpMM:DocumentID>uuid:{document}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{standard}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


def _xmp_date(pdf_date: str) -> str:
    """A PDF date (`D:20000101000000+00'00'`) as XMP writes it (`2000-01-01T00:00:00+00:00`)."""
    d = pdf_date.removeprefix("D:")
    zone = d[14:].replace("'", "")
    zone = "+00:00" if zone in ("", "Z") else f"{zone[:3]}:{zone[3:5] or '00'}"
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}{zone}"
