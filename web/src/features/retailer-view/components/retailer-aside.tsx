/**
 * The left side of the retailer view (000 §2): the brand landing page screenshot, the brand
 * profile's flag state, and the additional views (logo, hero image, screenshot), each opening in
 * the image modal.
 */
import type { RetailerScanInfo } from '../api/get-retailer-info';
import { FlagControl } from './flag-control';
import { Thumb } from '../../../components/ui/thumb';

export function RetailerAside({ info }: { info: RetailerScanInfo }) {
  const name = info.retailer.name;
  const views = [
    { key: 'logo', label: 'Logo', src: info.brand_logo },
    { key: 'hero', label: 'Hero image', src: info.brand_hero_image },
    { key: 'screenshot', label: 'Screenshot', src: info.brand_screenshot, large: info.brand_screenshot_large },
  ];
  return (
    <aside className="rv-aside" aria-label="Brand landing page">
      <div className="rv-aside__shot">
        <Thumb className="rv-shot" src={info.brand_screenshot} large={info.brand_screenshot_large} alt={`Brand landing page on ${name}`} title={`Brand landing page on ${name}`} />
        <span className="rv-aside__flag">
          <FlagControl target="brand" id={info._id} flagged={info.isFlagged === 'yes'} subject={name} contact={{ retailerId: info.retailer._id, retailerBrandScraping: info._id }} />
        </span>
      </div>
      <h3 className="rv-aside__title">Additional views</h3>
      <ul className="rv-views">
        {views.map((v) => (
          <li key={v.key} className="rv-views__item">
            <Thumb className="rv-view" src={v.src} large={v.large} alt={`${v.label} on ${name}`} title={`${v.label} on ${name}`} />
            <span className="rv-views__label">{v.label}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
