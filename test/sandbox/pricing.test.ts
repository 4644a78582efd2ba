/** Price rules over the seeded catalogue, checked on worked examples (README.md "Prices"). */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { apiClient, orderItem } from './support';

let sandbox: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	api = apiClient(sandbox);
});
afterAll(() => sandbox.close());

async function quote(items: unknown[]) {
	const response = await api.post(`/store/${sandbox.storeId}/order/price`, { Items: items });
	expect(response.status).toBe(200);
	return response.data;
}

const zero = {
	EnvelopePrice: 0,
	MailingPrice: 0,
	PromotionalDiscount: 0,
	RetailFulfillmentPrice: 0,
	RetailRushPrice: 0,
	RushPrice: 0,
	SecondSheetPrice: 0,
};

describe('item prices', () => {
	it('postcard x100, Standard, standard speed: print + flat shipping', async () => {
		const [q] = await quote([orderItem({ PartnerOrderReference: 'q-1' }, { ID: 'postcard-4x6', Quantity: 100 })]);
		expect(q.PartnerOrderReference).toBe('q-1');
		expect(q.items).toEqual([
			{
				ProductID: 'postcard-4x6',
				Quantity: 100,
				itemPrice: {
					...zero,
					PrintingCostEach: 0.49,
					PrintPrice: 49,
					ShipPrice: 4.95,
					TotalPrintingPrice: 49,
					TotalPrice: 53.95,
					RetailPrintPrice: 68.6,
					RetailShippingPrice: 5.94,
					RetailReimbursementPrice: 20.59,
				},
			},
		]);
		expect(q.orderPrices).toEqual({
			BundleCouponAmount: 0,
			EnvelopeTotalPrice: 0,
			MailingPriceTotal: 0,
			OrderTotalPrice: 53.95,
			PrintPriceTotal: 49,
			RushTotalPrice: 0,
			SecondSheetTotal: 0,
			ShipPriceTotal: 4.95,
		});
	});

	it('two-sheet letter x200, Express, 2 days: second sheet, envelope, 30% rush', async () => {
		const [q] = await quote([orderItem({}, { ID: 'letter-2-sheet', Quantity: 200, DeliveryMethod: 'Express', ProductionSpeedDays: 2 })]);
		expect(q.items[0].itemPrice).toEqual({
			EnvelopePrice: 24,
			MailingPrice: 0,
			PrintingCostEach: 1.14,
			PrintPrice: 178,
			PromotionalDiscount: 0,
			RetailFulfillmentPrice: 92.5,
			RetailPrintPrice: 249.2,
			RetailReimbursementPrice: 113.65,
			RetailRushPrice: 74.76,
			RetailShippingPrice: 15.54,
			RushPrice: 53.4,
			SecondSheetPrice: 50,
			ShipPrice: 12.95,
			TotalPrice: 318.35,
			TotalPrintingPrice: 281.4,
		});
		expect(q.orderPrices).toMatchObject({ EnvelopeTotalPrice: 24, SecondSheetTotal: 50, RushTotalPrice: 53.4, OrderTotalPrice: 318.35 });
	});

	it('postcard 6x9 x5000 by EDDM to 3 areas, 1 day: mailing per piece + per area, 50% rush, 10% discount', async () => {
		const areas = ['62701', '62702', '62703'].map((PostalCode) => ({ PostalCode, CarrierRoute: 'C001', TargetAudience: 'All' }));
		const [q] = await quote([
			orderItem({ EddmDeliveryAreas: areas }, { ID: 'postcard-6x9', Quantity: 5000, DeliveryMethod: 'EDDM', ProductionSpeedDays: 1 }),
		]);
		expect(q.items[0].itemPrice).toEqual({
			EnvelopePrice: 0,
			MailingPrice: 1015,
			PrintingCostEach: 0.69,
			PrintPrice: 3450,
			PromotionalDiscount: 345,
			RetailFulfillmentPrice: 1268.75,
			RetailPrintPrice: 4830,
			RetailReimbursementPrice: 2668.75,
			RetailRushPrice: 2415,
			RetailShippingPrice: 0,
			RushPrice: 1725,
			SecondSheetPrice: 0,
			ShipPrice: 0,
			TotalPrice: 5845,
			TotalPrintingPrice: 5175,
		});
		expect(q.orderPrices.MailingPriceTotal).toBe(1015);
	});

	it('flyer x1000 by Mail, 3 days: postage per piece, 15% rush, 5% discount', async () => {
		const [q] = await quote([orderItem({}, { ID: 'flyer-a5', Quantity: 1000, DeliveryMethod: 'mail', ProductionSpeedDays: 3 })]);
		expect(q.items[0].itemPrice).toMatchObject({ PrintPrice: 350, RushPrice: 52.5, MailingPrice: 550, PromotionalDiscount: 17.5, ShipPrice: 0, TotalPrice: 935 });
	});

	it('rush by ProductionSpeedDays: 5+ none, 3-4 15%, 2 30%, 1 50%, 0 100%', async () => {
		const days = [10, 5, 4, 3, 2, 1, 0];
		const quotes = await quote(days.map((d) => orderItem({}, { ID: 'poster-18x24', Quantity: 10, ProductionSpeedDays: d })));
		expect(quotes.map((q: { items: Array<{ itemPrice: { RushPrice: number } }> }) => q.items[0].itemPrice.RushPrice)).toEqual([0, 0, 11.25, 11.25, 22.5, 37.5, 75]);
	});

	it('shipping by delivery method (case-insensitive; absent = Standard)', async () => {
		const methods = [undefined, 'Standard', 'express', 'OVERNIGHT', 'Pickup'];
		const quotes = await quote(methods.map((m) => orderItem({}, m ? { ID: 'business-cards-250', Quantity: 1, DeliveryMethod: m } : { ID: 'business-cards-250', Quantity: 1 })));
		expect(quotes.map((q: { items: Array<{ itemPrice: { ShipPrice: number } }> }) => q.items[0].itemPrice.ShipPrice)).toEqual([4.95, 4.95, 12.95, 29.95, 0]);
	});

	it('rounds to cents', async () => {
		const [q] = await quote([orderItem({}, { ID: 'postcard-6x9', Quantity: 3, DeliveryMethod: 'Mail', ProductionSpeedDays: 4 })]);
		// 0.69 * 3 = 2.07; rush 15% = 0.3105 -> 0.31; postage 0.55 * 3 = 1.65
		expect(q.items[0].itemPrice).toMatchObject({ PrintPrice: 2.07, RushPrice: 0.31, MailingPrice: 1.65, TotalPrice: 4.03 });
	});
});

describe('quotes', () => {
	it('one quote per item, in submission order; Products are further lines with a bundle coupon', async () => {
		const quotes = await quote([
			orderItem({ PartnerOrderReference: 'first' }, { ID: 'brochure-trifold', Quantity: 20 }),
			orderItem({ PartnerOrderReference: 'bundle', Products: [{ ID: 'flyer-a5', Quantity: 10, DeliveryMethod: 'Pickup' }] }),
			orderItem({ PartnerOrderReference: undefined }),
		]);
		expect(quotes.map((q: { PartnerOrderReference: string | null }) => q.PartnerOrderReference)).toEqual(['first', 'bundle', null]);
		expect(quotes[0].items[0].itemPrice.PrintPrice).toBe(23);
		const bundle = quotes[1];
		expect(bundle.items.map((i: { ProductID: string }) => i.ProductID)).toEqual(['postcard-4x6', 'flyer-a5']);
		expect(bundle.items[1].itemPrice).toMatchObject({ PrintPrice: 3.5, ShipPrice: 0, TotalPrice: 3.5 });
		expect(bundle.orderPrices).toMatchObject({ BundleCouponAmount: 2, PrintPriceTotal: 52.5, ShipPriceTotal: 4.95, OrderTotalPrice: 55.45 });
	});

	it('is deterministic: the same request prices the same', async () => {
		const items = [orderItem({}, { ID: 'letter-1-sheet', Quantity: 777, DeliveryMethod: 'Overnight', ProductionSpeedDays: 2 })];
		expect(await quote(items)).toEqual(await quote(items));
	});
});
