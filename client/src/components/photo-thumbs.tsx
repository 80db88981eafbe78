/** A row of small photos, each opening its large version; `label` names the list and each photo ('Foto 1 do problema'). */
export function PhotoThumbs({ photos, label, photoName }: { photos: { cardUrl: string; detailUrl: string }[]; label: string; photoName: (index: number) => string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="problem-photos" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.cardUrl}>
          <a href={photo.detailUrl} target="_blank" rel="noopener noreferrer">
            <img src={photo.cardUrl} alt={photoName(index)} />
          </a>
        </li>
      ))}
    </ul>
  );
}
